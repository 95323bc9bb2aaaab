-- Payment terms, sending, reminders and the DATEV export (decision 0032). The firm's settings of
-- them live in one row of their own, beside the firm's profile.
CREATE TABLE "payment_settings" (
	"tenant_id" uuid NOT NULL,
	"payment_days" integer DEFAULT 14 NOT NULL,
	"discount_percent" numeric(4, 2),
	"discount_days" integer,
	"mail_subject_de" text,
	"mail_body_de" text,
	"mail_subject_en" text,
	"mail_body_en" text,
	"reminder_fee_cents" integer DEFAULT 0 NOT NULL,
	"dunning1_fee_cents" integer DEFAULT 0 NOT NULL,
	"dunning2_fee_cents" integer DEFAULT 0 NOT NULL,
	"datev_consultant_number" integer,
	"datev_client_number" integer,
	"datev_fiscal_year_start_month" integer DEFAULT 1 NOT NULL,
	"datev_account_length" integer DEFAULT 4 NOT NULL,
	"datev_chart" text DEFAULT 'SKR03' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_pkey" PRIMARY KEY("tenant_id"),
	CONSTRAINT "payment_settings_days" CHECK ("payment_days" BETWEEN 0 AND 365),
	CONSTRAINT "payment_settings_discount" CHECK (("discount_percent" IS NULL) = ("discount_days" IS NULL) AND ("discount_percent" IS NULL OR ("discount_percent" > 0 AND "discount_days" BETWEEN 0 AND "payment_days"))),
	CONSTRAINT "payment_settings_fees" CHECK ("reminder_fee_cents" BETWEEN 0 AND 100000 AND "dunning1_fee_cents" BETWEEN 0 AND 100000 AND "dunning2_fee_cents" BETWEEN 0 AND 100000),
	CONSTRAINT "payment_settings_datev" CHECK ("datev_consultant_number" BETWEEN 1001 AND 9999999 AND "datev_client_number" BETWEEN 1 AND 99999 AND "datev_fiscal_year_start_month" BETWEEN 1 AND 12 AND "datev_account_length" BETWEEN 4 AND 8 AND "datev_chart" IN ('SKR03', 'SKR04'))
);
--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT app_enable_tenant_rls('payment_settings');--> statement-breakpoint
-- A customer's own terms replace the firm's as a whole; its debtor account in the DATEV export is
-- assigned once (at its first export) and then kept.
CREATE TABLE "customer_payment_terms" (
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"payment_days" integer,
	"discount_percent" numeric(4, 2),
	"discount_days" integer,
	"debtor_account" integer,
	CONSTRAINT "customer_payment_terms_pkey" PRIMARY KEY("tenant_id","customer_id"),
	CONSTRAINT "customer_payment_terms_days" CHECK ("payment_days" BETWEEN 0 AND 365),
	CONSTRAINT "customer_payment_terms_discount" CHECK (("discount_percent" IS NULL) = ("discount_days" IS NULL) AND ("discount_percent" IS NULL OR ("payment_days" IS NOT NULL AND "discount_percent" > 0 AND "discount_days" BETWEEN 0 AND "payment_days")))
);
--> statement-breakpoint
ALTER TABLE "customer_payment_terms" ADD CONSTRAINT "customer_payment_terms_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_payment_terms_debtor_uq" ON "customer_payment_terms" USING btree ("tenant_id","debtor_account");--> statement-breakpoint
SELECT app_enable_tenant_rls('customer_payment_terms');
