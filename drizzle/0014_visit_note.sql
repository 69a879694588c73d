ALTER TABLE "appointments" ADD COLUMN "visit_note" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "visit_report_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_visit_note_length" CHECK (char_length("appointments"."visit_note") <= 500);