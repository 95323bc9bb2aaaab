-- Issued invoices (decision 0031): a gapless number per firm (and year), the invoice kept as it was
-- issued (snapshots of firm, customer, positions and totals, and the exact PDF and e-invoice bytes),
-- cancellations as credit notes of their own number, the entries bound to the invoice that billed
-- them, and the vouchers of firms that issue their invoices in lexoffice.
-- How the firm numbers its invoices and where it issues them.
ALTER TABLE "tenants" ADD COLUMN "invoice_number_format" text DEFAULT 'RE-{YYYY}-{NNNN}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "invoice_number_yearly" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "invoice_issuer" text DEFAULT 'fieldbook' NOT NULL;
--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_invoice_issuer_check" CHECK ("invoice_issuer" IN ('fieldbook', 'lexoffice'));
--> statement-breakpoint
-- One row per firm and year (year 0: one sequence for all years). Issuing takes the next number by
-- updating this row, which locks it until the issuing transaction ends: concurrent issues wait, and a
-- failed issue rolls its number back, so no number is skipped or used twice.
CREATE TABLE "invoice_number_sequences" (
	"tenant_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_number_sequences_tenant_id_year_pk" PRIMARY KEY("tenant_id","year"),
	CONSTRAINT "invoice_number_sequences_last_number_check" CHECK ("last_number" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_number_sequences" ADD CONSTRAINT "invoice_number_sequences_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
SELECT app_enable_tenant_rls('invoice_number_sequences');
--> statement-breakpoint
CREATE TABLE "issued_invoices" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"sequence_year" integer NOT NULL,
	"sequence_number" integer NOT NULL,
	"kind" text NOT NULL,
	"cancels_id" uuid,
	"customer_id" uuid NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"service_from" timestamp with time zone NOT NULL,
	"service_to" timestamp with time zone NOT NULL,
	"language" text NOT NULL,
	"format" text NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"title" text NOT NULL,
	"vat_treatment" text NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"vat_by_rate" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"positions" jsonb NOT NULL,
	"pdf" bytea NOT NULL,
	"pdf_file_name" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"xml" bytea,
	"xml_file_name" text,
	"xml_sha256" text,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_invoices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "issued_invoices_number_uq" UNIQUE("tenant_id","number"),
	CONSTRAINT "issued_invoices_sequence_uq" UNIQUE("tenant_id","sequence_year","sequence_number"),
	CONSTRAINT "issued_invoices_kind_check" CHECK ("kind" IN ('invoice', 'cancellation')),
	CONSTRAINT "issued_invoices_cancels_check" CHECK (("kind" = 'cancellation') = ("cancels_id" IS NOT NULL)),
	CONSTRAINT "issued_invoices_format_check" CHECK ("format" IN ('pdf', 'zugferd', 'xrechnung')),
	CONSTRAINT "issued_invoices_xml_check" CHECK (("format" = 'xrechnung') = ("xml" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "issued_invoices" ADD CONSTRAINT "issued_invoices_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "issued_invoices" ADD CONSTRAINT "issued_invoices_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "issued_invoices" ADD CONSTRAINT "issued_invoices_cancels_fk" FOREIGN KEY ("tenant_id","cancels_id") REFERENCES "public"."issued_invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- An invoice is cancelled at most once.
CREATE UNIQUE INDEX "issued_invoices_cancels_uq" ON "issued_invoices" USING btree ("tenant_id","cancels_id") WHERE "cancels_id" IS NOT NULL;
--> statement-breakpoint
-- The register: newest first, and a customer's invoices.
CREATE INDEX "issued_invoices_date_idx" ON "issued_invoices" USING btree ("tenant_id","invoice_date","sequence_year","sequence_number");
--> statement-breakpoint
CREATE INDEX "issued_invoices_customer_idx" ON "issued_invoices" USING btree ("tenant_id","customer_id","invoice_date");
--> statement-breakpoint
SELECT app_enable_tenant_rls('issued_invoices');
--> statement-breakpoint
-- Issued invoices are never changed or deleted, by any role (GoBD, § 147 AO): the app role has no
-- UPDATE or DELETE grant on the table (server/db/database.ts), and this trigger refuses them for
-- every role, the owner included. What changes about an invoice (payments, mails, cancellation)
-- lives in rows of other tables that point at it.
CREATE OR REPLACE FUNCTION app_refuse_issued_invoice_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  RAISE EXCEPTION 'issued invoices are never changed or deleted' USING ERRCODE = '42501';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "issued_invoices_unalterable" BEFORE UPDATE OR DELETE ON "issued_invoices"
  FOR EACH ROW EXECUTE FUNCTION app_refuse_issued_invoice_change();
--> statement-breakpoint
CREATE TRIGGER "issued_invoices_untruncatable" BEFORE TRUNCATE ON "issued_invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION app_refuse_issued_invoice_change();
--> statement-breakpoint
-- The invoice that billed an entry: set when it is issued, cleared by its cancellation.
ALTER TABLE "information_entries" ADD COLUMN "invoice_id" uuid;
--> statement-breakpoint
ALTER TABLE "time_tracks" ADD COLUMN "invoice_id" uuid;
--> statement-breakpoint
ALTER TABLE "information_entries" ADD CONSTRAINT "information_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."issued_invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "time_tracks" ADD CONSTRAINT "time_tracks_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."issued_invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "information_invoice_idx" ON "information_entries" USING btree ("tenant_id","invoice_id") WHERE "invoice_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "time_tracks_invoice_idx" ON "time_tracks" USING btree ("tenant_id","invoice_id") WHERE "invoice_id" IS NOT NULL;
--> statement-breakpoint
-- An invoiced entry keeps what was billed: only its marks (processed, archived, confirmation) and
-- its binding may change, and it cannot be deleted. The error carries SQLSTATE FB409 and the
-- invoice's number as detail; the server answers it as 409 ENTRY_INVOICED naming the invoice.
CREATE OR REPLACE FUNCTION app_refuse_invoiced_entry_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  marks text[] := ARRAY['processed_at', 'archived_at', 'updated_at', 'invoice_id', 'confirmation_id', 'search_text'];
  invoice_number text;
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - marks) IS NOT DISTINCT FROM (to_jsonb(NEW) - marks) THEN
    RETURN NEW;
  END IF;
  SELECT i.number INTO invoice_number FROM issued_invoices i WHERE i.tenant_id = OLD.tenant_id AND i.id = OLD.invoice_id;
  RAISE EXCEPTION 'entry is billed by an issued invoice' USING ERRCODE = 'FB409', DETAIL = coalesce(invoice_number, '');
END
$$;
--> statement-breakpoint
CREATE TRIGGER "information_entries_invoiced" BEFORE UPDATE OR DELETE ON "information_entries"
  FOR EACH ROW WHEN (OLD.invoice_id IS NOT NULL) EXECUTE FUNCTION app_refuse_invoiced_entry_change();
--> statement-breakpoint
CREATE TRIGGER "time_tracks_invoiced" BEFORE UPDATE OR DELETE ON "time_tracks"
  FOR EACH ROW WHEN (OLD.invoice_id IS NOT NULL) EXECUTE FUNCTION app_refuse_invoiced_entry_change();
--> statement-breakpoint
-- Invoices a firm issued in lexoffice from here (its numbers and links), listed in the register.
CREATE TABLE "accounting_vouchers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"system" text NOT NULL,
	"voucher_id" text NOT NULL,
	"voucher_number" text,
	"status" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"voucher_date" date NOT NULL,
	"service_from" timestamp with time zone NOT NULL,
	"service_to" timestamp with time zone NOT NULL,
	"net_cents" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"document_url" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_vouchers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "accounting_vouchers_voucher_uq" UNIQUE("tenant_id","system","voucher_id"),
	CONSTRAINT "accounting_vouchers_status_check" CHECK ("status" IN ('draft', 'open'))
);
--> statement-breakpoint
ALTER TABLE "accounting_vouchers" ADD CONSTRAINT "accounting_vouchers_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "accounting_vouchers" ADD CONSTRAINT "accounting_vouchers_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "accounting_vouchers_date_idx" ON "accounting_vouchers" USING btree ("tenant_id","voucher_date");
--> statement-breakpoint
SELECT app_enable_tenant_rls('accounting_vouchers');
