ALTER TABLE "fee_ledger" ADD COLUMN "adjustment" text;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD COLUMN "refunded_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "joined_month" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "subject" jsonb;--> statement-breakpoint
CREATE INDEX "fee_ledger_payment_idx" ON "fee_ledger" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "fee_ledger" ADD CONSTRAINT "fee_ledger_adjustment_kind" CHECK (adjustment IS NULL OR (adjustment IN ('credit_refund', 'credit_out') AND kind = 'refund') OR (adjustment = 'credit_in' AND kind = 'payment'));--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_refunded_within_amount" CHECK (refunded_paise >= 0 AND refunded_paise <= amount_paise);--> statement-breakpoint
-- Who each existing order pays for, from the roll or the application it names (new orders are
-- written with it by the selling feature).
UPDATE "payment_orders" AS o
SET "subject" = jsonb_build_object('name', s.name, 'className', s.class_name || coalesce(' ' || s.section, ''), 'number', s.admission_number)
FROM "students" AS s
WHERE o.purpose IN ('tuition', 'bus') AND o.payable_key LIKE 'student:%' AND split_part(o.payable_key, ':', 2) = s.id::text;
--> statement-breakpoint
UPDATE "payment_orders" AS o
SET "subject" = jsonb_build_object('name', a.child_name, 'className', a.class_applied, 'number', a.number)
FROM "applications" AS a
WHERE o.purpose = 'application_fee' AND o.payable_key = 'application:' || a.public_id;
--> statement-breakpoint
-- Receipts of fee payments cancelled before a cancellation reversed the ledger: reverse their
-- payments now, as the cancel would have (refund lines for each payment line; no credit
-- adjustments existed before this migration), dated and reasoned as the cancellation.
INSERT INTO "fee_ledger" ("student_id", "session", "purpose", "month", "head", "head_kind", "period_label", "kind", "amount_paise", "note", "payment_id", "created_at")
SELECT l.student_id, l.session, l.purpose, l.month, l.head, l.head_kind, l.period_label, 'refund', l.amount_paise, r.cancel_reason, l.payment_id, r.cancelled_at
FROM "fee_ledger" AS l
JOIN "fee_payments" AS p ON p.id = l.payment_id
JOIN "receipts" AS r ON r.id = p.receipt_id
WHERE l.kind = 'payment' AND p.reversed_at IS NULL AND r.status = 'cancelled';
--> statement-breakpoint
UPDATE "fee_payments" AS p
SET "reversed_at" = r.cancelled_at, "reversal_reason" = r.cancel_reason, "reversed_by" = r.cancelled_by
FROM "receipts" AS r
WHERE r.id = p.receipt_id AND p.reversed_at IS NULL AND r.status = 'cancelled';
