ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "topic" text;--> statement-breakpoint
CREATE INDEX "email_outbox_waiting_topic_idx" ON "email_outbox" USING btree ("topic") WHERE "email_outbox"."topic" is not null and "email_outbox"."status" in ('pending', 'failed');--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status" CHECK ("email_outbox"."status" in ('pending', 'sending', 'sent', 'failed', 'withdrawn'));