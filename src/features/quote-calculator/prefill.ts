/**
 * SPEC "Prefill": the quote calculator reads serviceType, propertySize, includeTick,
 * includeTargetedInsects, name, address and email from the query string (links from city pages
 * and emails), then the URL is cleaned. A link may also carry `firstName` and `lastName`: both
 * given, they fill the two fields instead of `name` split at its first space (0070). Pure parsing
 * here; the component does the cleaning.
 */
import type { PricedServiceType } from '@/features/pricing/price-table';
import { normaliseServiceType } from '@/features/pricing/pricing';
import { foldSpaces, pickNameParts } from '@/lib/person-name';
import { type CalculatorSize, isCalculatorSize } from './calculator-options';

export { hasPrefill, PREFILL_KEYS } from './prefill-keys';

export interface QuotePrefill {
  serviceType?: PricedServiceType;
  propertySize?: CalculatorSize;
  includeTick?: true;
  includeTargetedInsects?: true;
  firstName?: string;
  lastName?: string;
  address?: string;
  email?: string;
}

/** Size as the calculator offers it: an exact option, or anything above 0.75 acre as Acreage. */
function parseSize(value: string | null): CalculatorSize | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (isCalculatorSize(trimmed)) return trimmed;
  const acres = Number(trimmed);
  if (!Number.isFinite(acres) || acres <= 0) return undefined;
  return (['0.25', '0.5', '0.75'] as const).find((size) => acres <= Number(size)) ?? '999';
}

/** Reads the prefill values; unknown or malformed values are left out rather than guessed. */
export function parseQuotePrefill(search: URLSearchParams): QuotePrefill {
  const prefill: QuotePrefill = {};
  const type = normaliseServiceType(search.get('serviceType'));
  if (type === 'onetime' || type === 'seasonal' || type === 'tick-seasonal') prefill.serviceType = type;
  const size = parseSize(search.get('propertySize'));
  if (size) prefill.propertySize = size;
  if (search.get('includeTick') === 'true') prefill.includeTick = true;
  if (search.get('includeTargetedInsects') === 'true') prefill.includeTargetedInsects = true;
  const parts = pickNameParts(search.get('firstName'), search.get('lastName'));
  const name = foldSpaces(search.get('name') ?? '');
  if (parts) {
    prefill.firstName = parts.firstName;
    prefill.lastName = parts.lastName;
  } else if (name) {
    // SPEC splits a full name at the first space.
    const space = name.indexOf(' ');
    prefill.firstName = space === -1 ? name : name.slice(0, space);
    if (space !== -1) prefill.lastName = name.slice(space + 1);
  }
  const address = search.get('address')?.trim();
  if (address) prefill.address = address;
  const email = search.get('email')?.trim();
  if (email) prefill.email = email;
  return prefill;
}
