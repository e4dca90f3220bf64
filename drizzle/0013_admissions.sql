CREATE TABLE "admission_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_open" boolean DEFAULT false NOT NULL,
	"open_classes" jsonb NOT NULL,
	"application_fee_paise" integer NOT NULL,
	"age_cut_off" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "admission_sessions_name_unique" UNIQUE("name"),
	CONSTRAINT "admission_sessions_fee_positive" CHECK ("admission_sessions"."application_fee_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "application_counters" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"stored_name" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_documents_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "application_lookup_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"by_whom" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"number" text NOT NULL,
	"session_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"status" text DEFAULT 'payment_pending' NOT NULL,
	"child_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"class_applied" text NOT NULL,
	"parent_name" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text,
	"details" jsonb NOT NULL,
	"birth_certificate_later" boolean DEFAULT false NOT NULL,
	"fee_paise" integer NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "applications_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "application_counters" ADD CONSTRAINT "application_counters_session_id_admission_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."admission_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status_history" ADD CONSTRAINT "application_status_history_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_session_id_admission_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."admission_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admission_sessions_one_open" ON "admission_sessions" USING btree ("is_open") WHERE "admission_sessions"."is_open";--> statement-breakpoint
CREATE UNIQUE INDEX "application_documents_kind" ON "application_documents" USING btree ("application_id","kind");--> statement-breakpoint
CREATE INDEX "application_lookup_failures_ip" ON "application_lookup_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "application_lookup_failures_number" ON "application_lookup_failures" USING btree ("number","created_at");--> statement-breakpoint
CREATE INDEX "application_status_history_application" ON "application_status_history" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_session_sequence" ON "applications" USING btree ("session_id","sequence");--> statement-breakpoint
CREATE INDEX "applications_created_at_idx" ON "applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "applications_class_idx" ON "applications" USING btree ("class_applied");