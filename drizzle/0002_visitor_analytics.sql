CREATE TABLE "analytics_aggregated" (
	"id" serial PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"total_visits" integer NOT NULL,
	"unique_visitors" integer NOT NULL,
	"apply_page_visits" integer NOT NULL,
	"countries" jsonb NOT NULL,
	"browsers" jsonb NOT NULL,
	"devices" jsonb NOT NULL,
	"referrers" jsonb NOT NULL,
	"pages" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_analytics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visitor_ip" text NOT NULL,
	"session_id" text NOT NULL,
	"user_agent" text,
	"page_visited" text NOT NULL,
	"country" text,
	"city" text,
	"region" text,
	"referrer" text,
	"device_type" text,
	"browser" text,
	"os" text,
	"is_mobile" boolean,
	"is_apply_page" boolean DEFAULT false NOT NULL,
	"is_new_visitor" boolean DEFAULT true NOT NULL,
	"visit_count" integer DEFAULT 1 NOT NULL,
	"is_bot" boolean,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_aggregated_period_idx" ON "analytics_aggregated" USING btree ("period");--> statement-breakpoint
CREATE INDEX "visitor_analytics_timestamp_idx" ON "visitor_analytics" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "visitor_analytics_session_idx" ON "visitor_analytics" USING btree ("session_id","visit_count") WHERE is_bot IS NOT TRUE;--> statement-breakpoint
CREATE INDEX "visitor_analytics_ip_time_idx" ON "visitor_analytics" USING btree ("visitor_ip","timestamp","visit_count") WHERE is_bot IS NOT TRUE;