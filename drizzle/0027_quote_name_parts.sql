ALTER TABLE "quotes" ADD COLUMN "customer_first_name" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "customer_last_name" text;