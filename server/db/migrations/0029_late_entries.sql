-- Working time entered afterwards: a member who forgot to clock in adds the day (or a break) later.
-- The firm sets how many days back an Employee may do that (Owner, Admin and Manager have no
-- limit); a track entered or extended that way is marked, so payroll sees it was not clocked live.
ALTER TABLE "tenants" ADD COLUMN "late_entry_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_late_entry_days_range" CHECK ("late_entry_days" BETWEEN 0 AND 365);--> statement-breakpoint
ALTER TABLE "user_time_tracks" ADD COLUMN "added_later" boolean DEFAULT false NOT NULL;
