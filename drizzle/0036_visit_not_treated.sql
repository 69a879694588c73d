ALTER TABLE "appointments" ADD COLUMN "not_treated_reason" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "not_treated_note" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "not_treated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "not_treated_by_id" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_not_treated_by_id_staff_users_id_fk" FOREIGN KEY ("not_treated_by_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_not_treated_reason" CHECK ("appointments"."not_treated_reason" in ('no-access', 'people-or-pets', 'customer-asked', 'weather', 'other'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_not_treated_note_length" CHECK (char_length("appointments"."not_treated_note") <= 500);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_not_treated_at" CHECK (("appointments"."not_treated_reason" is null) = ("appointments"."not_treated_at" is null));