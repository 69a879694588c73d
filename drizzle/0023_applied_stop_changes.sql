CREATE TABLE "applied_stop_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "applied_stop_changes_kind" CHECK ("applied_stop_changes"."kind" in ('done', 'undo'))
);
--> statement-breakpoint
ALTER TABLE "applied_stop_changes" ADD CONSTRAINT "applied_stop_changes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applied_stop_changes_applied_at_idx" ON "applied_stop_changes" USING btree ("applied_at");