import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** First-party booking funnel (DECISIONS §11): one row per step a visitor reaches. */
export const bookingAnalytics = pgTable('booking_analytics', {
  id: serial().primaryKey(),
  sessionId: text().notNull(),
  conversionStage: text().notNull(),
  planType: text(),
  planId: integer(),
  propertySize: numeric({ precision: 7, scale: 2, mode: 'number' }),
  location: jsonb().$type<{ city?: string; postalCode?: string }>(),
  pageSource: text(),
  customerInfo: jsonb().$type<Record<string, string>>(),
  occurredAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('booking_analytics_stage_idx').on(t.conversionStage, t.createdAt)]);
