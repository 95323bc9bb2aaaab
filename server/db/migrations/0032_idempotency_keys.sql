-- Idempotency keys (decision 0033): the first answer of a create or upload, kept per firm, member
-- and key, so that the app's queue may send a change again after a lost answer and the server
-- answers the first answer instead of recording it twice. The row is written in the same
-- transaction as the change itself (the answer is filled in before that transaction commits, so a
-- committed row always has one); expired rows are swept by the server as it records new ones.
CREATE TABLE "idempotency_keys" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_tenant_id_user_id_key_pk" PRIMARY KEY("tenant_id","user_id","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("tenant_id","expires_at");--> statement-breakpoint
SELECT app_enable_tenant_rls('idempotency_keys');
