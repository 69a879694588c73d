ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_by_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erasure_reason" text;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_erased_by_id_staff_users_id_fk" FOREIGN KEY ("erased_by_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_quote_idx" ON "appointments" USING btree ("quote_id") WHERE "appointments"."quote_id" is not null;--> statement-breakpoint
CREATE INDEX "email_outbox_related_idx" ON "email_outbox" USING btree ("related_type","related_id");--> statement-breakpoint
CREATE INDEX "payments_quote_idx" ON "payments" USING btree ("quote_id") WHERE "payments"."quote_id" is not null;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_erasure" CHECK (("customers"."erased_at" is null) = ("customers"."erasure_reason" is null) and coalesce("customers"."erasure_reason", 'request') in ('request', 'retention'));