CREATE TABLE "quote_follow_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sent_by_id" integer,
	"locale" text NOT NULL,
	"total_cents" integer NOT NULL,
	"quoted_total_cents" integer,
	CONSTRAINT "quote_follow_ups_money" CHECK ("quote_follow_ups"."total_cents" >= 0 and coalesce("quote_follow_ups"."quoted_total_cents", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "quote_follow_ups" ADD CONSTRAINT "quote_follow_ups_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_follow_ups" ADD CONSTRAINT "quote_follow_ups_sent_by_id_staff_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_follow_ups_quote_sent_idx" ON "quote_follow_ups" USING btree ("quote_id","sent_at");