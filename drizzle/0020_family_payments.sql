-- One online order may pay several students' fees (a family's reminder link,
-- docs/decisions/023-family-payments.md): one fee payment per order, student and purpose, and one
-- receipt per order and part ("" for an order with one receipt, "<student id>:<purpose>" for a
-- family order's), so a replayed paid word still issues nothing twice.
DROP INDEX "receipts_order_idx";--> statement-breakpoint
DROP INDEX "fee_payments_order_idx";--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "order_part" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_order_part_idx" ON "receipts" USING btree ("order_id","order_part") WHERE order_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payments_order_idx" ON "fee_payments" USING btree ("order_id","student_id","purpose") WHERE order_id IS NOT NULL;--> statement-breakpoint
-- The part is what the receipt says it documents: it never changes either.
CREATE OR REPLACE FUNCTION receipts_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'receipt % cannot be deleted: cancel it with a reason', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status = 'cancelled' THEN
    RAISE EXCEPTION 'receipt % is cancelled and cannot change', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status <> 'cancelled'
    OR (NEW.id, NEW.number, NEW.series, NEW.financial_year, NEW.sequence, NEW.order_id, NEW.order_part, NEW.purpose, NEW.student, NEW.lines,
        NEW.total_paise, NEW.payment, NEW.paid_at, NEW.issued_at, NEW.verification_hash, NEW.hash_key_id)
       IS DISTINCT FROM
       (OLD.id, OLD.number, OLD.series, OLD.financial_year, OLD.sequence, OLD.order_id, OLD.order_part, OLD.purpose, OLD.student, OLD.lines,
        OLD.total_paise, OLD.payment, OLD.paid_at, OLD.issued_at, OLD.verification_hash, OLD.hash_key_id) THEN
    RAISE EXCEPTION 'receipt % cannot be edited: the only change allowed is cancelling it', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
