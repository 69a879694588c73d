ALTER TABLE "branches" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "hst_number" text;