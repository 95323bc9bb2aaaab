CREATE TABLE "accounting_connections" (
	"tenant_id" uuid NOT NULL,
	"system" text NOT NULL,
	"api_key_sealed" text NOT NULL,
	"organization_id" text,
	"organization_name" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_connections_tenant_id_pk" PRIMARY KEY("tenant_id")
);
--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT app_enable_tenant_rls('accounting_connections');
