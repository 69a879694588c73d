/**
 * What was sold with a visit besides its service (0062), pure and client-safe: the day sheet, the
 * route manager, the dashboard's Appointments tab and the customer page name the same add-ons (0064).
 */
import { formatLabelled } from '@/features/email/email-layout';
import { EXTRA_CODES, type ExtraCode } from '@/features/pricing/price-table';
import { isFreeRetreatment } from './visit-kinds';

/** An add-on sold with a visit: the two calculator add-ons and SPEC §9's extras (`routing.addOns.*`). */
export type VisitAddOn = 'tick' | 'targetedInsects' | ExtraCode;

/** What a visit row says was sold with it; rows of older saved day sheets may lack these fields. */
export type VisitSale = {
  serviceType: string;
  kind?: string | null;
  visitNumber?: number | null;
  includeTick?: boolean | null;
  includeTargetedInsects?: boolean | null;
  extras?: readonly string[] | null;
};

/**
 * The add-ons done at this visit besides its service, as the visit report names what was treated:
 * the tick add-on with a mosquito treatment (a seasonal tick plan is tick control already; a
 * one-time booking's standing-water visit leaves it to the treatment visit), the targeted-insect
 * add-on of a plan (a one-time booking's is its own standing-water visit), and the booking's
 * one-off extras, priced once, at its first visit.
 */
export function listVisitAddOns(visit: VisitSale): VisitAddOn[] {
  const addOns: VisitAddOn[] = [];
  const { serviceType } = visit;
  const treatsMosquitoes = serviceType === 'onetime' || serviceType === 'seasonal';
  if (visit.includeTick && treatsMosquitoes) addOns.push('tick');
  if (visit.includeTargetedInsects && (serviceType === 'seasonal' || serviceType === 'tick-seasonal')) addOns.push('targetedInsects');
  if (visit.visitNumber === 1 && !isFreeRetreatment(visit) && serviceType !== 'consult') {
    addOns.push(...EXTRA_CODES.filter((code) => visit.extras?.includes(code)));
  }
  return addOns;
}

/**
 * 'Add-ons: Tick control, Natural barrier with repelling plants' in the reader's language, or null
 * when nothing was sold with the visit besides its service. `t` reads the `routing` messages.
 */
export function describeVisitAddOns(visit: VisitSale, locale: string, t: (key: string) => string): string | null {
  const addOns = listVisitAddOns(visit);
  return addOns.length === 0 ? null : formatLabelled(locale, t('addOnsLabel'), addOns.map((addOn) => t(`addOns.${addOn}`)).join(', '));
}
