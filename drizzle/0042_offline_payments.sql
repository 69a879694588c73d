ALTER TABLE "payments" ADD COLUMN "recorded_by_staff_user_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_staff_user_id_staff_users_id_fk" FOREIGN KEY ("recorded_by_staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;