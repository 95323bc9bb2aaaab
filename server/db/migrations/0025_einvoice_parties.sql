-- What e-invoices for every kind of firm and customer need (decision 0023): a customer's
-- Leitweg-ID (BT-10 for public buyers), VAT id (BT-48) and whether it is a business (reverse
-- charge and the § 35a note depend on it); the firm's legal registration id (BT-30: Handelsregister
-- or Handwerksrolle number), which identifies a seller without USt-IdNr. (EN 16931 BR-CO-26).
-- Existing customers with a company name count as businesses. The tables keep their row-level
-- security and grants; the new columns need none of their own.
ALTER TABLE "customers" ADD COLUMN "leitweg_id" text;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "vat_id" text;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "business" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The backfill spans all tenants: the owner lifts FORCE for this one statement and sets it again.
ALTER TABLE "customers" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE "customers" SET "business" = true WHERE "company_name" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "customers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "legal_registration_id" text;
