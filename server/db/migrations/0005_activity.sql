CREATE TABLE "audit_log" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"category" text,
	"description" text,
	"latitude" double precision,
	"longitude" double precision,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"processed_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"confirmation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "information_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"sub_type" text NOT NULL,
	"text" text,
	"product_id" uuid,
	"product_name" text,
	"quantity" numeric(12, 3),
	"unit" text,
	"unit_price" numeric(12, 2),
	"vat_rate" integer,
	"duration_seconds" integer,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"confirmation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "information_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "time_tracks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"description" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"start_latitude" double precision,
	"start_longitude" double precision,
	"end_latitude" double precision,
	"end_longitude" double precision,
	"processed_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"confirmation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_tracks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_time_track_segments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"track_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "user_time_track_segments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_time_tracks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"start_latitude" double precision,
	"start_longitude" double precision,
	"end_latitude" double precision,
	"end_longitude" double precision,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_time_tracks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "work_confirmations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"signee" text NOT NULL,
	"place" text,
	"language" text DEFAULT 'de' NOT NULL,
	"signature_key" text NOT NULL,
	"pdf_key" text NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_confirmations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_fk" FOREIGN KEY ("tenant_id","owner_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_entries" ADD CONSTRAINT "information_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_entries" ADD CONSTRAINT "information_owner_fk" FOREIGN KEY ("tenant_id","owner_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_entries" ADD CONSTRAINT "information_product_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_tracks" ADD CONSTRAINT "time_tracks_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_tracks" ADD CONSTRAINT "time_tracks_owner_fk" FOREIGN KEY ("tenant_id","owner_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_time_track_segments" ADD CONSTRAINT "segments_track_fk" FOREIGN KEY ("tenant_id","track_id") REFERENCES "public"."user_time_tracks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_time_tracks" ADD CONSTRAINT "user_time_tracks_owner_fk" FOREIGN KEY ("tenant_id","owner_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_confirmations" ADD CONSTRAINT "work_confirmations_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_confirmations" ADD CONSTRAINT "work_confirmations_owner_fk" FOREIGN KEY ("tenant_id","owner_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("tenant_id","entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "images_customer_taken_idx" ON "images" USING btree ("tenant_id","customer_id","taken_at");--> statement-breakpoint
CREATE INDEX "images_taken_idx" ON "images" USING btree ("tenant_id","taken_at");--> statement-breakpoint
CREATE INDEX "information_customer_occurred_idx" ON "information_entries" USING btree ("tenant_id","customer_id","occurred_at");--> statement-breakpoint
CREATE INDEX "information_product_idx" ON "information_entries" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_tracks_one_running_uq" ON "time_tracks" USING btree ("tenant_id","owner_id","customer_id") WHERE "time_tracks"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "time_tracks_customer_started_idx" ON "time_tracks" USING btree ("tenant_id","customer_id","started_at");--> statement-breakpoint
CREATE INDEX "time_tracks_owner_started_idx" ON "time_tracks" USING btree ("tenant_id","owner_id","started_at");--> statement-breakpoint
CREATE INDEX "user_time_track_segments_track_idx" ON "user_time_track_segments" USING btree ("tenant_id","track_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_time_tracks_one_active_uq" ON "user_time_tracks" USING btree ("tenant_id","owner_id") WHERE "user_time_tracks"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "user_time_tracks_owner_started_idx" ON "user_time_tracks" USING btree ("tenant_id","owner_id","started_at");--> statement-breakpoint
CREATE INDEX "work_confirmations_customer_idx" ON "work_confirmations" USING btree ("tenant_id","customer_id","created_at");