-- Row-level security on the tenant tables of accounts and catalog.
SELECT app_enable_tenant_rls('sessions');
--> statement-breakpoint
SELECT app_enable_tenant_rls('refresh_tokens');
--> statement-breakpoint
SELECT app_enable_tenant_rls('one_time_tokens');
--> statement-breakpoint
SELECT app_enable_tenant_rls('passkeys');
--> statement-breakpoint
SELECT app_enable_tenant_rls('consents');
--> statement-breakpoint
SELECT app_enable_tenant_rls('customers');
--> statement-breakpoint
SELECT app_enable_tenant_rls('products');
--> statement-breakpoint
-- The account directory answers exactly one question before a tenant is known: which tenant does
-- this e-mail or user id belong to. The app role cannot read the table; it calls these functions.
CREATE OR REPLACE FUNCTION auth_find_by_email(p_email text)
  RETURNS TABLE (user_id uuid, tenant_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT d.user_id, d.tenant_id FROM account_directory d WHERE lower(d.email) = lower(p_email) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION auth_find_by_user(p_user uuid)
  RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT d.tenant_id FROM account_directory d WHERE d.user_id = p_user $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION auth_register_account(p_user uuid, p_tenant uuid, p_email text)
  RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = public
  AS $$ INSERT INTO account_directory (user_id, tenant_id, email) VALUES (p_user, p_tenant, p_email) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION auth_remove_account(p_user uuid)
  RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = public
  AS $$ DELETE FROM account_directory WHERE user_id = p_user $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION auth_find_by_email(text), auth_find_by_user(uuid), auth_register_account(uuid, uuid, text), auth_remove_account(uuid) FROM PUBLIC;
