-- The messages outbox (docs/decisions/022-messages.md): messages written in their event's
-- transaction, each try of each, and the addresses that stopped reminders.
CREATE TABLE "message_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text DEFAULT 'sending' NOT NULL,
	"error" text,
	"provider_message_id" text
);
--> statement-breakpointCREATE TABLE "message_opt_outs" (
	"recipient" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpointCREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"audience" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body_text" text NOT NULL,
	"body_html" text,
	"sms_variables" jsonb,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"related" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "messages_status_known" CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'held', 'skipped'))
);
--> statement-breakpointALTER TABLE "message_attempts" ADD CONSTRAINT "message_attempts_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpointCREATE INDEX "message_attempts_message_idx" ON "message_attempts" USING btree ("message_id","started_at");
--> statement-breakpointCREATE UNIQUE INDEX "messages_public_id_idx" ON "messages" USING btree ("public_id");
--> statement-breakpointCREATE UNIQUE INDEX "messages_idempotency_key_idx" ON "messages" USING btree ("idempotency_key");
--> statement-breakpointCREATE INDEX "messages_due_idx" ON "messages" USING btree ("next_attempt_at","id") WHERE status = 'queued';
--> statement-breakpointCREATE INDEX "messages_open_idx" ON "messages" USING btree ("status","channel","kind") WHERE status IN ('queued', 'sending', 'held');--> statement-breakpoint
CREATE INDEX "messages_created_at_idx" ON "messages" USING btree ("created_at");
--> statement-breakpointCREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("recipient","created_at");
