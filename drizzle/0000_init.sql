CREATE TABLE "booking_analytics" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"conversion_stage" text NOT NULL,
	"plan_type" text,
	"plan_id" integer,
	"property_size" numeric(7, 2),
	"location" jsonb,
	"page_source" text,
	"customer_info" jsonb,
	"occurred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer DEFAULT 1 NOT NULL,
	"customer_id" integer NOT NULL,
	"plan_id" integer,
	"booking_ref" text NOT NULL,
	"visit_number" integer DEFAULT 1 NOT NULL,
	"service_type" text NOT NULL,
	"date" date NOT NULL,
	"time" text DEFAULT '09:00' NOT NULL,
	"starts_at" timestamp with time zone,
	"address" text,
	"city" text,
	"postal_code" text,
	"phone" text,
	"latitude" double precision,
	"longitude" double precision,
	"property_size" numeric(7, 2),
	"include_tick" boolean DEFAULT false NOT NULL,
	"include_targeted_insects" boolean DEFAULT false NOT NULL,
	"extras" jsonb,
	"discount_code" text,
	"quote_id" integer,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"subtotal_cents" integer,
	"tax_cents" integer,
	"total_cents" integer,
	"locale" text DEFAULT 'en' NOT NULL,
	"is_rescheduled" boolean DEFAULT false NOT NULL,
	"weather_checked" boolean DEFAULT false NOT NULL,
	"weather_forecast" text,
	"original_date" date,
	"original_time" text,
	"rescheduled_reason" text,
	"estimated_duration" integer,
	"technician_id" integer,
	"route_position" integer,
	"estimated_arrival_time" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_status" CHECK ("appointments"."status" in ('pending', 'pending-payment', 'confirmed', 'completed', 'cancelled', 'expired')),
	CONSTRAINT "appointments_service_type" CHECK ("appointments"."service_type" in ('onetime', 'seasonal', 'tick-seasonal', 'standingwater', 'consult')),
	CONSTRAINT "appointments_friday" CHECK (extract(isodow from "appointments"."date") = 5),
	CONSTRAINT "appointments_money" CHECK (coalesce("appointments"."total_cents", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_days" (
	"branch_id" integer NOT NULL,
	"date" date NOT NULL,
	"capacity_override" integer,
	"is_closed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "service_days_branch_id_date_pk" PRIMARY KEY("branch_id","date")
);
--> statement-breakpoint
CREATE TABLE "service_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer DEFAULT 1 NOT NULL,
	"date" date NOT NULL,
	"technician_id" integer,
	"technician" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"starting_point" text,
	"starting_latitude" double precision,
	"starting_longitude" double precision,
	"total_distance" integer,
	"total_duration" integer,
	"appointment_order" integer[] DEFAULT '{}'::int[] NOT NULL,
	"route_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_routes_status" CHECK ("service_routes"."status" in ('pending', 'planned', 'in-progress', 'done'))
);
--> statement-breakpoint
CREATE TABLE "branch_settings" (
	"branch_id" integer PRIMARY KEY NOT NULL,
	"season_start" text DEFAULT '05-01' NOT NULL,
	"season_end" text DEFAULT '10-31' NOT NULL,
	"lead_days" integer DEFAULT 2 NOT NULL,
	"friday_capacity" integer DEFAULT 24 NOT NULL,
	"hold_minutes" integer DEFAULT 30 NOT NULL,
	"served_prefixes" jsonb NOT NULL,
	"price_table" jsonb,
	"depot_address" text NOT NULL,
	"depot_latitude" double precision NOT NULL,
	"depot_longitude" double precision NOT NULL,
	"day_start_min" integer DEFAULT 480 NOT NULL,
	"day_end_min" integer DEFAULT 1080 NOT NULL,
	"service_min" integer DEFAULT 45 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branch_settings_capacity_positive" CHECK ("branch_settings"."friday_capacity" >= 0),
	CONSTRAINT "branch_settings_day_order" CHECK ("branch_settings"."day_start_min" < "branch_settings"."day_end_min")
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"address" text,
	"city" text,
	"province" text,
	"postal_code" text,
	"service_area" jsonb,
	"logo_url" text,
	"primary_color" text DEFAULT '#f59e0b' NOT NULL,
	"secondary_color" text DEFAULT '#1f2937' NOT NULL,
	"timezone" text DEFAULT 'America/Toronto' NOT NULL,
	"currency" text DEFAULT 'CAD' NOT NULL,
	"tax_rate_bps" integer DEFAULT 1300 NOT NULL,
	"enable_tick_control" boolean DEFAULT true NOT NULL,
	"enable_seasonal_service" boolean DEFAULT true NOT NULL,
	"enable_one_time_service" boolean DEFAULT true NOT NULL,
	"pricing_overrides" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_slug_unique" UNIQUE("slug"),
	CONSTRAINT "branches_tax_rate_range" CHECK ("branches"."tax_rate_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "technicians" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#2563eb' NOT NULL,
	"shift_start_min" integer DEFAULT 480 NOT NULL,
	"shift_end_min" integer DEFAULT 1080 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"discount_type" text NOT NULL,
	"discount_value" integer NOT NULL,
	"applies_to" text[],
	"max_uses" integer DEFAULT 0 NOT NULL,
	"current_uses" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "discount_codes_type" CHECK ("discount_codes"."discount_type" in ('fixed', 'percent')),
	CONSTRAINT "discount_codes_value" CHECK ("discount_codes"."discount_value" >= 0),
	CONSTRAINT "discount_codes_uses" CHECK ("discount_codes"."current_uses" >= 0 and "discount_codes"."max_uses" >= 0),
	CONSTRAINT "discount_codes_upper" CHECK ("discount_codes"."code" = upper("discount_codes"."code"))
);
--> statement-breakpoint
CREATE TABLE "service_plans" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price" integer NOT NULL,
	"badge" text,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 1 NOT NULL,
	"interval_days" integer DEFAULT 21 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_plans_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer DEFAULT 1 NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text,
	"city" text,
	"postal_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"property_size" numeric(7, 2),
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"attachments" jsonb,
	"locale" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"related_type" text,
	"related_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_status" CHECK ("email_outbox"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"type" text DEFAULT 'contact' NOT NULL,
	"subject" text DEFAULT 'question' NOT NULL,
	"content" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"status" text DEFAULT 'new' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"response_content" text,
	"responded_at" timestamp with time zone,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"payment_intent_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer,
	"customer_id" integer,
	"quote_id" integer,
	"booking_ref" text,
	"provider" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'cad' NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"payment_method" text,
	"discount_code" text,
	"metadata" jsonb,
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_paymentIntentId_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "payments_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('requires_payment_method', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer DEFAULT 1 NOT NULL,
	"token" text NOT NULL,
	"customer_id" integer,
	"customer_name" text,
	"customer_email" text,
	"customer_phone" text,
	"service_type" text NOT NULL,
	"property_size" numeric(7, 2) NOT NULL,
	"include_tick" boolean DEFAULT false NOT NULL,
	"include_standing_water" boolean DEFAULT false NOT NULL,
	"additional_services" jsonb,
	"address" text,
	"city" text,
	"postal_code" text,
	"discount_code" text,
	"total_price" integer NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"breakdown" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_token_unique" UNIQUE("token"),
	CONSTRAINT "quotes_status" CHECK ("quotes"."status" in ('pending', 'sent', 'booked')),
	CONSTRAINT "quotes_money" CHECK ("quotes"."total_cents" >= 0 and "quotes"."subtotal_cents" >= 0 and "quotes"."tax_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"display_name" text NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"technician_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_users_username_unique" UNIQUE("username"),
	CONSTRAINT "staff_users_role" CHECK ("staff_users"."role" in ('admin', 'technician'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_plan_id_service_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."service_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_days" ADD CONSTRAINT "service_days_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_routes" ADD CONSTRAINT "service_routes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_routes" ADD CONSTRAINT "service_routes_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD CONSTRAINT "branch_settings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_analytics_stage_idx" ON "booking_analytics" USING btree ("conversion_stage","created_at");--> statement-breakpoint
CREATE INDEX "appointments_date_idx" ON "appointments" USING btree ("branch_id","date");--> statement-breakpoint
CREATE INDEX "appointments_booking_ref_idx" ON "appointments" USING btree ("booking_ref");--> statement-breakpoint
CREATE INDEX "appointments_customer_idx" ON "appointments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "service_routes_date_idx" ON "service_routes" USING btree ("branch_id","date");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "payments_booking_ref_idx" ON "payments" USING btree ("booking_ref");--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "staff_sessions_user_idx" ON "staff_sessions" USING btree ("staff_user_id");