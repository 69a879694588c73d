ALTER TABLE "appointments" ADD COLUMN "manage_link_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "manage_link_replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "manage_link_replaced_by_id" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_manage_link_replaced_by_id_staff_users_id_fk" FOREIGN KEY ("manage_link_replaced_by_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_manage_link_generation" CHECK ("appointments"."manage_link_generation" >= 0);