ALTER TABLE "unsubscribed_addresses" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "unsubscribed_addresses" ADD COLUMN "recorded_by_id" integer;--> statement-breakpoint
ALTER TABLE "unsubscribed_addresses" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "unsubscribed_addresses" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unsubscribed_addresses" ADD COLUMN "consent_by_id" integer;--> statement-breakpoint
ALTER TABLE "unsubscribed_addresses" ADD COLUMN "consent_note" text;--> statement-breakpoint
ALTER TABLE "unsubscribed_addresses" ADD CONSTRAINT "unsubscribed_addresses_recorded_by_id_staff_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribed_addresses" ADD CONSTRAINT "unsubscribed_addresses_consent_by_id_staff_users_id_fk" FOREIGN KEY ("consent_by_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unsubscribed_addresses_at_idx" ON "unsubscribed_addresses" USING btree ("unsubscribed_at","address");--> statement-breakpoint
ALTER TABLE "unsubscribed_addresses" ADD CONSTRAINT "unsubscribed_addresses_source" CHECK ("unsubscribed_addresses"."source" in ('link', 'one-click', 'office'));--> statement-breakpoint
ALTER TABLE "unsubscribed_addresses" ADD CONSTRAINT "unsubscribed_addresses_consent" CHECK (("unsubscribed_addresses"."consent_at" is null) = ("unsubscribed_addresses"."consent_note" is null));--> statement-breakpoint
-- Not generated (0074): a customer who unsubscribed through a season opener's link was marked on
-- their row only; their address joins the list, so the office's list and every check of it see them.
INSERT INTO "unsubscribed_addresses" ("address", "unsubscribed_at") SELECT DISTINCT ON (lower(trim("email"))) lower(trim("email")), "marketing_unsubscribed_at" FROM "customers" WHERE "erased_at" IS NULL AND "marketing_unsubscribed_at" IS NOT NULL AND ("marketing_consent_at" IS NULL OR "marketing_consent_at" <= "marketing_unsubscribed_at") AND lower(trim("email")) LIKE '%@%' ORDER BY lower(trim("email")), "marketing_unsubscribed_at" ON CONFLICT ("address") DO NOTHING;
