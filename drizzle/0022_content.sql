CREATE TABLE "content_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"album" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"bytes" integer NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_images_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"draft" jsonb NOT NULL,
	"published" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"published_version" integer,
	"published_at" timestamp with time zone,
	"published_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "content_items_kind_known" CHECK ("content_items"."kind" IN ('news', 'notice')),
	CONSTRAINT "content_items_locale_known" CHECK ("content_items"."locale" IN ('en', 'bn', 'hi')),
	CONSTRAINT "content_items_slug_shape" CHECK ("content_items"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"data" jsonb NOT NULL,
	"author_id" text,
	"author_email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_revisions_action_known" CHECK ("content_revisions"."action" IN ('save', 'publish', 'unpublish', 'restore', 'seed'))
);
--> statement-breakpoint
CREATE TABLE "content_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_state_one_row" CHECK ("content_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_images_album_idx" ON "content_images" USING btree ("album","id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_kind_slug_locale_key" ON "content_items" USING btree ("kind","slug","locale");--> statement-breakpoint
CREATE INDEX "content_revisions_item_idx" ON "content_revisions" USING btree ("item_id","id");--> statement-breakpoint
INSERT INTO "content_state" ("id", "version") VALUES (1, 1);
