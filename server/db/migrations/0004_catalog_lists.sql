-- Catalog lists (customers, products) at tens of thousands of rows per tenant.
-- app_sort: the collation the lists sort text with. German ICU rules (umlauts beside their base
-- letter, case-insensitive order) where the server has ICU, plain byte order where it has not.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'app_sort') THEN
    IF EXISTS (SELECT 1 FROM pg_collation WHERE collprovider = 'i') THEN
      CREATE COLLATION app_sort (provider = icu, locale = 'de-DE');
    ELSE
      CREATE COLLATION app_sort FROM "C";
    END IF;
  END IF;
END
$$;
--> statement-breakpoint
-- search_text: a stored lower-case copy of the columns the list filter searches. Forced row-level
-- security keeps PostgreSQL from using a trigram index for LIKE (not leakproof), so the filter
-- scans the tenant's rows, and this column makes that scan cheap.
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower((coalesce("customers"."company_name", '') || ' ' || coalesce("customers"."first_name", '') || ' ' || coalesce("customers"."last_name", '') || ' ' || coalesce("customers"."city", '') || ' ' || coalesce("customers"."phone", '') || ' ' || coalesce("customers"."email", '') || ' ' || coalesce("customers"."external_id", '')) collate app_sort)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(("products"."name" || ' ' || coalesce("products"."ean", '') || ' ' || "products"."unit") collate app_sort)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_display_name_idx" ON "customers" USING btree ("tenant_id",(coalesce("company_name", trim(coalesce("first_name", '') || ' ' || coalesce("last_name", '')))) collate app_sort,"id");--> statement-breakpoint
CREATE INDEX "customers_tenant_archived_idx" ON "customers" USING btree ("tenant_id","archived");--> statement-breakpoint
CREATE INDEX "products_name_sort_idx" ON "products" USING btree ("tenant_id","name" collate app_sort,"id");--> statement-breakpoint
CREATE INDEX "products_tenant_archived_idx" ON "products" USING btree ("tenant_id","archived");