CREATE TABLE "branch_detail_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_by_id" integer,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_seller" jsonb;--> statement-breakpoint
ALTER TABLE "branch_detail_changes" ADD CONSTRAINT "branch_detail_changes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_detail_changes" ADD CONSTRAINT "branch_detail_changes_changed_by_id_staff_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branch_detail_changes_branch_changed_idx" ON "branch_detail_changes" USING btree ("branch_id","changed_at");--> statement-breakpoint
-- The business phone is stored in one form, E.164, from now on (0076): a North American number
-- written any other way (the seed wrote '(905) 555-0134') is rewritten; anything else is left as it is.
UPDATE "branches" SET "phone" = '+1' || right(regexp_replace("phone", '\D', '', 'g'), 10)
WHERE "phone" ~ '^\s*\+?[0-9\s.()-]+\s*$' AND regexp_replace("phone", '\D', '', 'g') ~ '^1?[2-9][0-9]{2}[2-9][0-9]{6}$';--> statement-breakpoint
-- Receipts issued so far keep the seller as it is now, the details they have printed until today:
-- what the owner changes from now on shows on later receipts only.
UPDATE "payments" AS p SET "receipt_seller" = (
  SELECT jsonb_build_object(
    'legalName', b."legal_name", 'hstNumber', b."hst_number", 'displayName', b."display_name", 'phone', b."phone", 'email', b."email",
    'address', b."address", 'city', b."city", 'province', b."province", 'postalCode', b."postal_code")
  FROM "branches" AS b
  WHERE b."id" = coalesce(
    (SELECT a."branch_id" FROM "appointments" AS a WHERE a."id" = p."appointment_id"),
    (SELECT c."branch_id" FROM "customers" AS c WHERE c."id" = p."customer_id"),
    1)
)
WHERE p."status" = 'succeeded' AND p."receipt_seller" IS NULL;
