CREATE TABLE "admission_counters" (
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "admission_counters_year_pk" PRIMARY KEY("year")
);
--> statement-breakpoint
CREATE TABLE "fee_books" (
	"session" text PRIMARY KEY NOT NULL,
	"book" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "fee_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"session" text NOT NULL,
	"purpose" text NOT NULL,
	"month" text NOT NULL,
	"head" text NOT NULL,
	"head_kind" text NOT NULL,
	"period_label" text NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"note" text,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_ledger_amount_positive" CHECK (amount_paise > 0)
);
--> statement-breakpoint
CREATE TABLE "fee_lookup_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"admission_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"session" text NOT NULL,
	"mode" text NOT NULL,
	"instrument" text,
	"bank_reference" text,
	"order_id" integer,
	"receipt_id" integer,
	"amount_paise" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"recorded_by" text,
	"reversed_at" timestamp with time zone,
	"reversal_reason" text,
	"reversed_by" text,
	CONSTRAINT "fee_payments_amount_positive" CHECK (amount_paise > 0)
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"admission_number" text NOT NULL,
	"name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"class_name" text NOT NULL,
	"section" text,
	"father_name" text,
	"mother_name" text,
	"mobile" text NOT NULL,
	"email" text,
	"bus_stop" text,
	"concessions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"joined_session" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fee_ledger" ADD CONSTRAINT "fee_ledger_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_ledger" ADD CONSTRAINT "fee_ledger_payment_id_fee_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fee_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_ledger_student_idx" ON "fee_ledger" USING btree ("student_id","session","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_ledger_charge_idx" ON "fee_ledger" USING btree ("student_id","session","purpose","month","head","kind") WHERE kind IN ('due', 'concession', 'late_fee');--> statement-breakpoint
CREATE INDEX "fee_lookup_failures_ip_idx" ON "fee_lookup_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "fee_lookup_failures_number_idx" ON "fee_lookup_failures" USING btree ("admission_number","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payments_order_idx" ON "fee_payments" USING btree ("order_id") WHERE order_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "fee_payments_student_idx" ON "fee_payments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "fee_payments_paid_at_idx" ON "fee_payments" USING btree ("paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "students_admission_number_idx" ON "students" USING btree (upper("admission_number"));--> statement-breakpoint
CREATE INDEX "students_class_idx" ON "students" USING btree ("class_name","section");--> statement-breakpoint
-- The ledger is history (issue 13): a line is never edited or deleted; a refund adds reversing lines.
CREATE FUNCTION fee_ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'fee ledger line % cannot be changed or deleted: add a reversing line', OLD.id USING ERRCODE = 'check_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER fee_ledger_immutable BEFORE UPDATE OR DELETE ON "fee_ledger" FOR EACH ROW EXECUTE FUNCTION fee_ledger_immutable();
