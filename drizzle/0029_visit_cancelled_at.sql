ALTER TABLE "appointments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by" CHECK ("appointments"."cancelled_by" in ('customer', 'office'));--> statement-breakpoint
-- Data fix (written by hand, after drizzle-kit's statements): visits cancelled before this
-- migration get the last time their row changed, which is the cancellation itself unless the row
-- was edited since (the closest record there is); who cancelled them was never kept and stays null.
UPDATE "appointments" SET "cancelled_at" = "updated_at" WHERE "status" = 'cancelled' AND "cancelled_at" IS NULL;
