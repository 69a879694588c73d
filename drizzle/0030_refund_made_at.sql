-- A refund made before this check with no instant (written by hand or by an older tool) takes the
-- time its row last changed, when its success was recorded, so the refunds export can date it (0075).
UPDATE "refunds" SET "refunded_at" = "updated_at" WHERE "status" = 'succeeded' AND "refunded_at" IS NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_made_at" CHECK ("refunds"."status" <> 'succeeded' or "refunds"."refunded_at" is not null);