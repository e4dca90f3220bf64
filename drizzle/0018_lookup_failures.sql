-- One table of wrong tries for the three parent look-ups (receipt download, fee-page student,
-- admission status), read by app/db/lookup-throttle.server.ts. The tries of the last 15 minutes
-- (the longest window) are copied so no limit resets on deploy; older ones count for nothing.
CREATE TABLE "lookup_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lookup_failures_ip_idx" ON "lookup_failures" USING btree ("kind","ip","at");--> statement-breakpoint
CREATE INDEX "lookup_failures_key_idx" ON "lookup_failures" USING btree ("kind","key","at");--> statement-breakpoint
CREATE INDEX "lookup_failures_at_idx" ON "lookup_failures" USING btree ("at");--> statement-breakpoint
INSERT INTO "lookup_failures" ("kind", "key", "ip", "at")
SELECT 'receipt', "receipt_number", "ip", "created_at" FROM "receipt_lookup_failures" WHERE "created_at" > now() - interval '15 minutes'
UNION ALL
SELECT 'fee_student', "admission_number", "ip", "created_at" FROM "fee_lookup_failures" WHERE "created_at" > now() - interval '15 minutes'
UNION ALL
SELECT 'application', "number", "ip", "created_at" FROM "application_lookup_failures" WHERE "created_at" > now() - interval '15 minutes'
ORDER BY 4;--> statement-breakpoint
DROP TABLE "application_lookup_failures" CASCADE;--> statement-breakpoint
DROP TABLE "fee_lookup_failures" CASCADE;--> statement-breakpoint
DROP TABLE "receipt_lookup_failures" CASCADE;
