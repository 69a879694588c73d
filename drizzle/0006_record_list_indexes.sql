CREATE INDEX "email_outbox_created_at_id_idx" ON "email_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "messages_created_at_id_idx" ON "messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_created_at_id_idx" ON "payments" USING btree ("created_at","id");