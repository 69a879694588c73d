ALTER TABLE "customers" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "marketing_consent_text" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "marketing_unsubscribed_at" timestamp with time zone;