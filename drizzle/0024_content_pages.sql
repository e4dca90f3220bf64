ALTER TABLE "content_items" DROP CONSTRAINT "content_items_kind_known";--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_kind_known" CHECK ("content_items"."kind" IN ('news', 'notice', 'calendar', 'opening', 'page'));
