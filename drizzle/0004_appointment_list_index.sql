DROP INDEX "appointments_date_idx";--> statement-breakpoint
CREATE INDEX "appointments_date_time_idx" ON "appointments" USING btree ("branch_id","date","time","id");