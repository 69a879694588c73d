ALTER TABLE "service_days" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "service_days" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_days" ADD COLUMN "closed_by_id" integer;--> statement-breakpoint
ALTER TABLE "service_days" ADD COLUMN "moved_to" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
ALTER TABLE "service_days" ADD CONSTRAINT "service_days_closed_by_id_staff_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_days" ADD CONSTRAINT "service_days_closed_reason" CHECK ("service_days"."closed_reason" in ('rain'));--> statement-breakpoint
ALTER TABLE "service_days" ADD CONSTRAINT "service_days_reason_when_closed" CHECK ("service_days"."closed_reason" is null or "service_days"."is_closed");