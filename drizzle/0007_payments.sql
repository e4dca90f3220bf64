CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"reference" text,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"event_key" text,
	"verified" boolean,
	"outcome" text NOT NULL,
	"status_before" text,
	"status_after" text,
	"detail" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"reference" text NOT NULL,
	"purpose" text NOT NULL,
	"payable_key" text NOT NULL,
	"description" text NOT NULL,
	"lines" jsonb NOT NULL,
	"amount_paise" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"payer_name" text,
	"payer_email" text,
	"payer_phone" text,
	"provider_order_id" text,
	"provider_payment_id" text,
	"bank_reference" text,
	"payment_mode" text,
	"paid_amount_paise" bigint,
	"gateway_status" text,
	"flag" text,
	"flag_detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"check_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_orders_amount_positive" CHECK (amount_paise > 0),
	CONSTRAINT "payment_orders_status_known" CHECK (status IN ('created', 'pending', 'paid', 'failed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_event_key_idx" ON "payment_events" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_created_at_idx" ON "payment_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_public_id_idx" ON "payment_orders" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_reference_idx" ON "payment_orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_provider_order_id_idx" ON "payment_orders" USING btree ("provider","provider_order_id") WHERE provider_order_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_one_open_idx" ON "payment_orders" USING btree ("purpose","payable_key") WHERE status IN ('created', 'pending');--> statement-breakpoint
CREATE INDEX "payment_orders_payable_idx" ON "payment_orders" USING btree ("purpose","payable_key");--> statement-breakpoint
CREATE INDEX "payment_orders_status_created_idx" ON "payment_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_created_at_idx" ON "payment_orders" USING btree ("created_at");