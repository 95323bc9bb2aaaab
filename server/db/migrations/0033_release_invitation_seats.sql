-- Seats go to members who work (decision 0026): an invitation that was never accepted holds no
-- seat. Databases from before that change may still have seats held by open invitations; they are
-- released once here (the member takes a free seat on accepting, as any invited member does now).
-- The repair spans all tenants: the owner lifts FORCE on both tables for this one statement and
-- sets it again.
ALTER TABLE "licenses" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "users" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE "licenses" SET "user_id" = NULL, "assigned_at" = NULL
FROM "users"
WHERE "users"."tenant_id" = "licenses"."tenant_id"
  AND "users"."id" = "licenses"."user_id"
  AND "users"."invited_at" IS NOT NULL
  AND "users"."activated_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "licenses" FORCE ROW LEVEL SECURITY;
