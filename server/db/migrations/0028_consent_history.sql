CREATE TABLE "consent_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"granted" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"version" text,
	CONSTRAINT "consent_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_at_idx" ON "consent_events" USING btree ("tenant_id","at","id");--> statement-breakpoint
SELECT app_enable_tenant_rls('consent_events');--> statement-breakpoint
-- What the overwritten record still knows: its last grant and its last revocation. "granted_by"
-- was written by whichever of the two came last, so it names only that one.
INSERT INTO "consent_events" ("tenant_id", "purpose", "granted", "at", "user_id", "version")
  SELECT "tenant_id", "purpose", true, "granted_at",
         CASE WHEN "revoked_at" IS NULL OR "revoked_at" < "granted_at" THEN "granted_by" END, "version"
  FROM "consents" WHERE "granted_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "consent_events" ("tenant_id", "purpose", "granted", "at", "user_id", "version")
  SELECT "tenant_id", "purpose", false, "revoked_at",
         CASE WHEN "granted_at" IS NULL OR "revoked_at" >= "granted_at" THEN "granted_by" END, "version"
  FROM "consents" WHERE "revoked_at" IS NOT NULL;
