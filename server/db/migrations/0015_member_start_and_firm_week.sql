ALTER TABLE "tenants" ADD COLUMN "working_days" integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "holiday_region" text DEFAULT 'DE' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "start_date" date;