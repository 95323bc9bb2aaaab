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
--> statement-breakpoint
-- Payments received for an issued invoice. A wrongly recorded one is removed by marking it (who and
-- when), never deleted, so the trail of what was booked stays.
CREATE TABLE "invoice_payments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by" uuid,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "invoice_payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "invoice_payments_amount" CHECK ("amount_cents" > 0),
	CONSTRAINT "invoice_payments_method" CHECK ("method" IN ('transfer', 'cash', 'card', 'directDebit', 'other'))
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."issued_invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_paid_on_idx" ON "invoice_payments" USING btree ("tenant_id","paid_on");--> statement-breakpoint
SELECT app_enable_tenant_rls('invoice_payments');--> statement-breakpoint
-- Every mail of an invoice: the invoice itself, the payment reminder (level 0) and the two dunning
-- letters (1, 2), each with its PDF (reminders) kept as sent.
CREATE TABLE "invoice_mails" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"level" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"to_address" text NOT NULL,
	"copy_to" text,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"attachment_name" text NOT NULL,
	"attachment" bytea,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"pay_by" date,
	"sent_by" uuid,
	CONSTRAINT "invoice_mails_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "invoice_mails_kind" CHECK ("kind" IN ('invoice', 'reminder', 'dunning1', 'dunning2')),
	CONSTRAINT "invoice_mails_level" CHECK (("kind" = 'invoice') = ("level" IS NULL) AND ("level" IS NULL OR "level" BETWEEN 0 AND 2))
);
--> statement-breakpoint
ALTER TABLE "invoice_mails" ADD CONSTRAINT "invoice_mails_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."issued_invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each reminder level once per invoice.
CREATE UNIQUE INDEX "invoice_mails_level_uq" ON "invoice_mails" USING btree ("tenant_id","invoice_id","level") WHERE "level" IS NOT NULL;--> statement-breakpoint
SELECT app_enable_tenant_rls('invoice_mails');
