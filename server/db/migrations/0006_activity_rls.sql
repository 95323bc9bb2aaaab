-- Row-level security on the activity tables.
SELECT app_enable_tenant_rls('time_tracks');
--> statement-breakpoint
SELECT app_enable_tenant_rls('user_time_tracks');
--> statement-breakpoint
SELECT app_enable_tenant_rls('user_time_track_segments');
--> statement-breakpoint
SELECT app_enable_tenant_rls('information_entries');
--> statement-breakpoint
SELECT app_enable_tenant_rls('images');
--> statement-breakpoint
SELECT app_enable_tenant_rls('work_confirmations');
--> statement-breakpoint
SELECT app_enable_tenant_rls('audit_log');
