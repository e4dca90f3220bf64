-- Attempts of a payment order, and orders held for the office.
--
-- payment_attempts: one row per hand-off of an order to its gateway, each with a fresh reference
-- (Eazypay refuses a reused one, E00325) and, for Razorpay, an order of its own. Returns,
-- webhooks and status checks find the order through any of its attempts. Every existing order
-- gets one attempt with its own reference, gateway order id and last known word, counted as
-- handed off (it may have been sent), so the next hand-off of an open order gets a new reference.
-- payment_orders.paid_reference: the attempt that paid; the order's own reference for those paid
-- before attempts existed.
--
-- The status `held` (CHECK payment_orders_status_known): the gateway reported a payment for another
-- amount or merchant. Such orders used to stay `pending` with the flag amount_mismatch, blocking a
-- new payment for 3 days; they become `held`, with an event that says so.
CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"reference" text NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handed_off_at" timestamp with time zone,
	"outcome" text,
	"gateway_status" text,
	"provider_payment_id" text,
	"paid_amount_paise" bigint,
	"checked_at" timestamp with time zone,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_status_known";--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "paid_reference" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_reference_idx" ON "payment_attempts" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_provider_order_id_idx" ON "payment_attempts" USING btree ("provider","provider_order_id") WHERE provider_order_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_provider_payment_id_idx" ON "payment_attempts" USING btree ("provider_payment_id");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_status_known" CHECK (status IN ('created', 'pending', 'paid', 'failed', 'expired', 'held'));--> statement-breakpoint
INSERT INTO "payment_attempts" ("order_id", "reference", "provider", "provider_order_id", "created_at", "handed_off_at", "outcome", "gateway_status", "provider_payment_id", "paid_amount_paise", "checked_at", "paid_at")
SELECT "id", "reference", "provider", "provider_order_id", "created_at", "created_at",
  CASE WHEN "status" = 'pending' AND "flag" = 'amount_mismatch' THEN 'held' WHEN "status" IN ('paid', 'pending', 'failed') THEN "status" END,
  "gateway_status", "provider_payment_id", "paid_amount_paise", "last_checked_at", "paid_at"
FROM "payment_orders"
ORDER BY "id";--> statement-breakpoint
UPDATE "payment_orders" SET "paid_reference" = "reference" WHERE "status" = 'paid';--> statement-breakpoint
INSERT INTO "payment_events" ("order_id", "reference", "provider", "kind", "event_key", "verified", "outcome", "status_before", "status_after", "detail", "payload", "created_at")
SELECT "id", "reference", "provider", 'order', NULL, NULL, 'held', 'pending', 'held',
  'Held for the office: the gateway reported another amount (flag amount_mismatch). It no longer blocks a new payment; a verified word for the order''s own amount still pays it.',
  '{}'::jsonb, now()
FROM "payment_orders"
WHERE "status" = 'pending' AND "flag" = 'amount_mismatch';--> statement-breakpoint
UPDATE "payment_orders" SET "status" = 'held', "updated_at" = now() WHERE "status" = 'pending' AND "flag" = 'amount_mismatch';
