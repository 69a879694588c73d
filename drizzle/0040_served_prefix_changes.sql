CREATE TABLE "served_prefix_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_by_id" integer,
	"prefix" text NOT NULL,
	"area" text NOT NULL,
	"served" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "served_prefix_changes" ADD CONSTRAINT "served_prefix_changes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "served_prefix_changes" ADD CONSTRAINT "served_prefix_changes_changed_by_id_staff_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "served_prefix_changes_branch_changed_idx" ON "served_prefix_changes" USING btree ("branch_id","changed_at");