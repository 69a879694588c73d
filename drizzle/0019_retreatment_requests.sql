CREATE TABLE "retreatment_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"booking_ref" text NOT NULL,
	"customer_id" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"appointment_id" integer,
	"handled_by_id" integer,
	"handled_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retreatment_requests_reason" CHECK ("retreatment_requests"."reason" in ('pests-back', 'heavy-rain')),
	CONSTRAINT "retreatment_requests_status" CHECK ("retreatment_requests"."status" in ('open', 'scheduled', 'declined')),
	CONSTRAINT "retreatment_requests_note_length" CHECK (char_length("retreatment_requests"."note") <= 500),
	CONSTRAINT "retreatment_requests_decline_length" CHECK (char_length("retreatment_requests"."decline_reason") <= 500),
	CONSTRAINT "retreatment_requests_handled" CHECK (("retreatment_requests"."status" = 'open') = ("retreatment_requests"."handled_at" is null)),
	CONSTRAINT "retreatment_requests_scheduled_visit" CHECK (("retreatment_requests"."status" = 'scheduled') = ("retreatment_requests"."appointment_id" is not null)),
	CONSTRAINT "retreatment_requests_declined_reason" CHECK ("retreatment_requests"."status" <> 'declined' or "retreatment_requests"."decline_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "kind" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "retreatment_requests" ADD CONSTRAINT "retreatment_requests_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retreatment_requests" ADD CONSTRAINT "retreatment_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retreatment_requests" ADD CONSTRAINT "retreatment_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retreatment_requests" ADD CONSTRAINT "retreatment_requests_handled_by_id_staff_users_id_fk" FOREIGN KEY ("handled_by_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "retreatment_requests_one_open_idx" ON "retreatment_requests" USING btree ("booking_ref") WHERE "retreatment_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "retreatment_requests_open_idx" ON "retreatment_requests" USING btree ("branch_id","created_at") WHERE "retreatment_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "retreatment_requests_handled_idx" ON "retreatment_requests" USING btree ("branch_id","handled_at") WHERE "retreatment_requests"."status" <> 'open';--> statement-breakpoint
CREATE INDEX "retreatment_requests_booking_idx" ON "retreatment_requests" USING btree ("booking_ref");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_kind" CHECK ("appointments"."kind" in ('scheduled', 'retreatment'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_retreatment_free" CHECK ("appointments"."kind" <> 'retreatment' or (coalesce("appointments"."subtotal_cents", 0) = 0 and coalesce("appointments"."tax_cents", 0) = 0 and coalesce("appointments"."total_cents", 0) = 0));