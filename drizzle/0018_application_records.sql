CREATE TABLE "application_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"pcp_number" text NOT NULL,
	"amount_hundredths" integer NOT NULL,
	"unit" text NOT NULL,
	"applied_on" date NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"technician_id" integer,
	"technician_name" text,
	"licence_number" text,
	"address" text,
	"city" text,
	"postal_code" text,
	"recorded_by_id" integer,
	CONSTRAINT "application_records_amount" CHECK ("application_records"."amount_hundredths" > 0),
	CONSTRAINT "application_records_unit" CHECK ("application_records"."unit" in ('ml-concentrate', 'l-mix', 'g'))
);
--> statement-breakpoint
CREATE TABLE "pesticide_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"pcp_number" text NOT NULL,
	"unit" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pesticide_products_unit" CHECK ("pesticide_products"."unit" in ('ml-concentrate', 'l-mix', 'g'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "visit_record_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "visit_record_edited_by_id" integer;--> statement-breakpoint
ALTER TABLE "technicians" ADD COLUMN "licence_number" text;--> statement-breakpoint
ALTER TABLE "application_records" ADD CONSTRAINT "application_records_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_records" ADD CONSTRAINT "application_records_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_records" ADD CONSTRAINT "application_records_product_id_pesticide_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pesticide_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_records" ADD CONSTRAINT "application_records_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_records" ADD CONSTRAINT "application_records_recorded_by_id_staff_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pesticide_products" ADD CONSTRAINT "pesticide_products_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_records_appointment_idx" ON "application_records" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "application_records_applied_on_idx" ON "application_records" USING btree ("branch_id","applied_on");--> statement-breakpoint
CREATE INDEX "application_records_technician_idx" ON "application_records" USING btree ("technician_id","recorded_at");--> statement-breakpoint
CREATE INDEX "application_records_product_idx" ON "application_records" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pesticide_products_branch_name_unique" ON "pesticide_products" USING btree ("branch_id",lower("name"));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_visit_record_edited_by_id_staff_users_id_fk" FOREIGN KEY ("visit_record_edited_by_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;