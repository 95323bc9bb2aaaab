-- Webhooks of a firm (decision 0044): an https address, the events it wants, and its signing secret,
-- stored sealed with the server's data keys (the server signs with it, so it cannot be a hash).
-- A webhook is paused by a member ("member") or by the server after its address failed for a day
-- ("failing"); `failing_since` is the first failed attempt since the last success.
CREATE TABLE "webhooks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_hint" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_at" timestamp with time zone,
	"paused_because" text,
	"failing_since" timestamp with time zone,
	CONSTRAINT "webhooks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "webhooks_paused_because_check" CHECK ("paused_because" IN ('member', 'failing'))
);
--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_creator_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT app_enable_tenant_rls('webhooks');--> statement-breakpoint
-- One delivery of one event to one webhook; its attempts are jobs (decision 0040). The body is
-- stored as sent, so an attempt repeated or re-sent carries the same bytes (signed afresh).
CREATE TABLE "webhook_deliveries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "webhook_deliveries_state_check" CHECK ("state" IN ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_fk" FOREIGN KEY ("tenant_id","webhook_id") REFERENCES "public"."webhooks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("tenant_id","webhook_id","created_at");--> statement-breakpoint
SELECT app_enable_tenant_rls('webhook_deliveries');
