CREATE TABLE "unsubscribed_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"unsubscribed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "unsubscribed_addresses_normalised" CHECK ("unsubscribed_addresses"."address" = lower("unsubscribed_addresses"."address") and "unsubscribed_addresses"."address" like '%@%')
);
