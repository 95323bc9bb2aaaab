-- `text ~~~ pattern`: exactly `text LIKE pattern`, for the list filters over `search_text`.
-- Under row-level security PostgreSQL withholds a column's statistics from operators not marked
-- leakproof, so a LIKE filter was estimated at 0.5 % of the rows whatever it matched: a filter
-- matching thousands of customers looked like five, and the page was found by sorting every match
-- (18 ms) instead of walking the name index to the first ten (0.4 ms). textlike leaks nothing of a
-- row (its only error, a pattern ending in the escape character, depends on the pattern, which the
-- app escapes), so this operator marks it leakproof and estimates with likesel like LIKE does
-- (docs/benchmarks.md, throughput). Marking a function leakproof needs a superuser; without one
-- the operator is a plain SQL LIKE: the same answers, the old estimates.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    CREATE OR REPLACE FUNCTION app_like(text, text) RETURNS boolean
      LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE AS 'textlike';
  ELSE
    CREATE OR REPLACE FUNCTION app_like(text, text) RETURNS boolean
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS 'SELECT $1 LIKE $2';
  END IF;
END
$$;
--> statement-breakpoint
CREATE OPERATOR ~~~ (LEFTARG = text, RIGHTARG = text, FUNCTION = app_like, RESTRICT = likesel, JOIN = likejoinsel);
