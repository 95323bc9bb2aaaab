CREATE TABLE "text_overrides" (
	"tenant_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"message_id" text NOT NULL,
	"text" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_overrides_tenant_id_locale_message_id_pk" PRIMARY KEY("tenant_id","locale","message_id")
);
--> statement-breakpoint
ALTER TABLE "text_overrides" ADD CONSTRAINT "text_overrides_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT app_enable_tenant_rls('text_overrides');
