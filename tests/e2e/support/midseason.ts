import { findHeroSummer, findMidseasonOffer } from '@/features/marketing/midseason-offer';
import { DEFAULT_PRICE_TABLE } from '@/features/pricing/price-table';
import { DEFAULT_SCHEDULE_RULES } from '@/features/scheduling/available-dates';

/**
 * Whether the landing page offers the midseason special on the day the journeys run (0081), by the
 * seeded branch's season and plan: the server decides it on the real clock, so the journeys that
 * open the popup run only while it does, and the off-season journey only while it does not.
 */
export const MIDSEASON_OFFER = findMidseasonOffer(new Date(), { ...DEFAULT_SCHEDULE_RULES, seasonalVisits: DEFAULT_PRICE_TABLE.plans.seasonal.visits });

/** Which summer the hero speaks of on the day the journeys run (0100): "this" until the season's last day, then "next". */
export const HERO_SUMMER = findHeroSummer(MIDSEASON_OFFER);
