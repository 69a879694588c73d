DROP INDEX "customers_phone_key_idx";--> statement-breakpoint
CREATE INDEX "messages_email_key_idx" ON "messages" USING btree (lower(trim("email")),"created_at","id");--> statement-breakpoint
CREATE INDEX "customers_phone_key_idx" ON "customers" USING btree ("phone_key") WHERE "customers"."erased_at" is null and "customers"."phone_key" is not null;