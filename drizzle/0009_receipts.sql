CREATE TABLE "receipt_counters" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_series_financial_year_pk" PRIMARY KEY("series","financial_year"),
	CONSTRAINT "receipt_counters_positive" CHECK (last_number > 0)
);
--> statement-breakpoint
CREATE TABLE "receipt_lookup_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"receipt_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" integer,
	"purpose" text NOT NULL,
	"student" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"total_paise" bigint NOT NULL,
	"payment" jsonb NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verification_hash" text NOT NULL,
	"hash_key_id" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"cancelled_by" text,
	CONSTRAINT "receipts_total_not_negative" CHECK (total_paise >= 0),
	CONSTRAINT "receipts_sequence_positive" CHECK (sequence > 0),
	CONSTRAINT "receipts_status_known" CHECK (status IN ('issued', 'cancelled')),
	CONSTRAINT "receipts_cancel_has_reason" CHECK ((status = 'issued') = (cancelled_at IS NULL AND cancel_reason IS NULL))
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_lookup_failures_ip_idx" ON "receipt_lookup_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "receipt_lookup_failures_number_idx" ON "receipt_lookup_failures" USING btree ("receipt_number","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_idx" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_series_sequence_idx" ON "receipts" USING btree ("series","financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_order_idx" ON "receipts" USING btree ("order_id") WHERE order_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_verification_hash_idx" ON "receipts" USING btree ("verification_hash");--> statement-breakpoint
CREATE INDEX "receipts_issued_at_idx" ON "receipts" USING btree ("issued_at");--> statement-breakpoint
-- A receipt is never edited or deleted (issue 12): the only change is cancelling it once, with a reason.
CREATE FUNCTION receipts_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'receipt % cannot be deleted: cancel it with a reason', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status = 'cancelled' THEN
    RAISE EXCEPTION 'receipt % is cancelled and cannot change', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status <> 'cancelled'
    OR (NEW.id, NEW.number, NEW.series, NEW.financial_year, NEW.sequence, NEW.order_id, NEW.purpose, NEW.student, NEW.lines,
        NEW.total_paise, NEW.payment, NEW.paid_at, NEW.issued_at, NEW.verification_hash, NEW.hash_key_id)
       IS DISTINCT FROM
       (OLD.id, OLD.number, OLD.series, OLD.financial_year, OLD.sequence, OLD.order_id, OLD.purpose, OLD.student, OLD.lines,
        OLD.total_paise, OLD.payment, OLD.paid_at, OLD.issued_at, OLD.verification_hash, OLD.hash_key_id) THEN
    RAISE EXCEPTION 'receipt % cannot be edited: the only change allowed is cancelling it', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER receipts_immutable BEFORE UPDATE OR DELETE ON "receipts" FOR EACH ROW EXECUTE FUNCTION receipts_immutable();
