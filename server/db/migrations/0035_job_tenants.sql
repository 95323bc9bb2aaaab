-- Background jobs (decision 0040): the cleanup job visits every firm in that firm's own tenant
-- transaction, so row-level security holds in the worker as in a request. To know the firms it asks
-- this function, which reads the account directory (no tenant table, closed to the app role) and
-- answers only firm ids, a page at a time. The job queue's own tables (schema `pgboss`) are made by
-- pg-boss itself when the migrator runs (`db/database.ts`), not by a migration of ours.
CREATE OR REPLACE FUNCTION jobs_tenant_ids(p_after uuid, p_limit integer)
  RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT DISTINCT d.tenant_id FROM account_directory d
    WHERE p_after IS NULL OR d.tenant_id > p_after
    ORDER BY d.tenant_id
    LIMIT least(greatest(p_limit, 1), 1000)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION jobs_tenant_ids(uuid, integer) FROM PUBLIC;
