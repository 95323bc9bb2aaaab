-- Trigram indexes for the list filters (`search_text ~~~ '%…%'`, migration 0018), so a search
-- reads the rows that contain the filter's trigrams instead of every row of the firm: one customer
-- of 50,000 found in 1 ms instead of 20, the library filtered in 9 ms instead of 60
-- (docs/benchmarks.md, throughput).
--
-- pg_trgm's own operator class serves LIKE, which row-level security keeps from any index (it is
-- not leakproof). This class is pg_trgm's GIN support functions with `~~~` as the LIKE strategy
-- (3), so the index serves the leakproof operator; every match is rechecked with `~~~` itself, so
-- the answers are exactly those of LIKE (tests/api/search-estimate.test.ts). Like the leakproof
-- operator, it needs a superuser (and pg_trgm, which PostgreSQL ships in contrib); without them
-- the filters read every row, with the same answers.
--
-- The indexes are not in the drizzle schema because they exist only where this could run.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE OPERATOR CLASS app_trgm_ops FOR TYPE text USING gin AS
      OPERATOR 3 ~~~ (text, text),
      FUNCTION 1 btint4cmp (int4, int4),
      FUNCTION 2 gin_extract_value_trgm (text, internal),
      FUNCTION 3 gin_extract_query_trgm (text, internal, int2, internal, internal, internal, internal),
      FUNCTION 4 gin_trgm_consistent (internal, int2, text, int4, internal, internal, internal, internal),
      FUNCTION 6 gin_trgm_triconsistent (internal, int2, text, int4, internal, internal, internal),
      STORAGE int4;
    CREATE INDEX customers_search_trgm_idx ON customers USING gin (search_text app_trgm_ops);
    CREATE INDEX customers_name_search_trgm_idx ON customers USING gin (name_search app_trgm_ops);
    CREATE INDEX products_search_trgm_idx ON products USING gin (search_text app_trgm_ops);
    CREATE INDEX time_tracks_search_trgm_idx ON time_tracks USING gin (search_text app_trgm_ops);
    CREATE INDEX information_search_trgm_idx ON information_entries USING gin (search_text app_trgm_ops);
    CREATE INDEX images_search_trgm_idx ON images USING gin (search_text app_trgm_ops);
  END IF;
END
$$;
