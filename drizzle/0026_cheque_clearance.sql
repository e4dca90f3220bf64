ALTER TABLE "fee_payments" ADD COLUMN "cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD COLUMN "cleared_by" text;--> statement-breakpoint
-- Cheques and DDs taken before clearance was recorded are taken as cleared: the office saw them through.
UPDATE "fee_payments" SET "cleared_at" = "paid_at", "cleared_by" = 'before clearance was recorded' WHERE "mode" IN ('cheque', 'dd') AND "reversed_at" IS NULL;
