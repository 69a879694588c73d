-- A booking could name a quote that never existed; such ids are dropped before the key holds.
UPDATE "appointments" SET "quote_id" = NULL WHERE "quote_id" IS NOT NULL AND "quote_id" NOT IN (SELECT "id" FROM "quotes");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_status" CHECK ("messages"."status" in ('new', 'read', 'replied', 'archived'));