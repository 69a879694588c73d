-- Data fix for the constraints below (written by hand, before drizzle-kit's statements): a branch
-- that already has two technicians whose names differ only in case keeps the older one's name and
-- gives the newer one its id as a suffix, and a shift that does not start before it ends becomes
-- the default Friday shift (08:00-18:00). Nothing is deleted: routes and visits refer to these rows.
UPDATE "technicians" AS t SET "name" = t."name" || ' (' || t."id" || ')'
WHERE EXISTS (SELECT 1 FROM "technicians" AS o WHERE o."branch_id" = t."branch_id" AND lower(o."name") = lower(t."name") AND o."id" < t."id");--> statement-breakpoint
UPDATE "technicians" SET "shift_start_min" = 480, "shift_end_min" = 1080 WHERE "shift_start_min" >= "shift_end_min";--> statement-breakpoint
CREATE UNIQUE INDEX "technicians_branch_name_unique" ON "technicians" USING btree ("branch_id",lower("name"));--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_shift_order" CHECK ("technicians"."shift_start_min" < "technicians"."shift_end_min");