/**
 * The rules of a visit's application record (docs/decisions/0042). Pure: the day sheet's dialog,
 * the office's edit and the server all decide with these.
 */
import { PRODUCT_UNITS, type ProductUnit } from '@/lib/product-units';

/** The most product lines one visit records (a barrier spray, a tick product, a larvicide, and room to spare). */
export const MAX_APPLICATION_LINES = 5;

/** The largest amount a line takes, in hundredths (99,999.99 of its unit). */
export const MAX_AMOUNT_HUNDREDTHS = 9_999_999;

/**
 * Visits that apply a product: the barrier sprays (one-time, seasonal, tick) and the standing-water
 * larvicide visit. A consultation applies nothing, so it is never asked for a record.
 */
const TREATMENT_SERVICE_TYPES: ReadonlySet<string> = new Set(['onetime', 'seasonal', 'tick-seasonal', 'standingwater']);

export function isTreatmentVisit(serviceType: string): boolean {
  return TREATMENT_SERVICE_TYPES.has(serviceType);
}

export function isProductUnit(value: string): value is ProductUnit {
  return (PRODUCT_UNITS as readonly string[]).includes(value);
}

export type AmountMessageKey =
  | 'applicationRecords.amountRequired'
  | 'applicationRecords.amountInvalid'
  | 'applicationRecords.amountDecimals'
  | 'applicationRecords.amountPositive'
  | 'applicationRecords.amountTooLarge';

export type AmountCheck = { ok: true; hundredths: number } | { ok: false; messageKey: AmountMessageKey };

/**
 * An amount as typed on a phone ('12.5', '12,5' on a French or German keyboard, '.5') → hundredths
 * of its unit, by integer arithmetic. At most two decimals, more than zero, at most 99,999.99; no
 * thousands separators (a ',' is always the decimal mark).
 */
export function parseAmount(text: string): AmountCheck {
  const value = text.trim();
  if (value === '') return { ok: false, messageKey: 'applicationRecords.amountRequired' };
  if (value.startsWith('-')) return { ok: false, messageKey: 'applicationRecords.amountPositive' };
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(value);
  const whole = match?.[1] ?? '';
  const decimals = match?.[2] ?? '';
  if (!match || (whole === '' && decimals === '')) return { ok: false, messageKey: 'applicationRecords.amountInvalid' };
  if (decimals.length > 2) return { ok: false, messageKey: 'applicationRecords.amountDecimals' };
  // Leading zeros say nothing; a long number is too large before it is too long for a Number.
  const digits = whole.replace(/^0+/, '');
  if (digits.length > 5) return { ok: false, messageKey: 'applicationRecords.amountTooLarge' };
  const hundredths = Number(digits || '0') * 100 + Number(decimals.padEnd(2, '0'));
  if (hundredths === 0) return { ok: false, messageKey: 'applicationRecords.amountPositive' };
  if (hundredths > MAX_AMOUNT_HUNDREDTHS) return { ok: false, messageKey: 'applicationRecords.amountTooLarge' };
  return { ok: true, hundredths };
}

/** Hundredths as the form shows them again ('12.5' for 1250, '3' for 300): what the technician would type. */
export function formatAmountInput(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** Hundredths in the reader's language ('12.5' in English, '12,5' in French), at most two decimals. */
export function formatAmount(hundredths: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(hundredths / 100);
}

/** A product applied at a visit, as its record keeps it: what the customer and the crew are shown of it (0110). */
export type AppliedProduct = { productName: string; pcpNumber: string; amountHundredths: number; unit: ProductUnit };

/**
 * One applied product in words, with the `applicationRecords` translator of the reader's language:
 * "Demo Barrier Concentrate (PCP 99901): 1.5 mL of concentrate", "… (n° d’homologation 99901) : 1,5 mL
 * de concentré". The office's record, the day sheet's done stop and the visit report say it alike.
 */
export function describeAppliedProduct(line: AppliedProduct, locale: string, t: (key: string, values?: Record<string, string>) => string): string {
  return t('visitRecord.line', { product: line.productName, number: line.pcpNumber, amount: formatAmount(line.amountHundredths, locale), unit: t(`units.${line.unit}`) });
}

/**
 * The product a new line starts with: the one the technician recorded last when it is still
 * offered, else the only product when there is one, else none (the technician chooses).
 */
export function pickDefaultProduct(activeIds: readonly number[], lastUsedId: number | null | undefined): number | null {
  if (lastUsedId != null && activeIds.includes(lastUsedId)) return lastUsedId;
  return activeIds.length === 1 ? activeIds[0]! : null;
}

/** A record's line once its amount is read. */
export type RecordLine = { productId: number; amountHundredths: number };

export type RecordCheck =
  | { ok: true }
  | {
    ok: false;
    code: 'validation' | 'conflict';
    messageKey: 'applicationRecords.recordRequired' | 'applicationRecords.notATreatment' | 'applicationRecords.productUnavailable' | 'applicationRecords.technicianRequired';
    /** The field the message belongs to, as the form names it (`applications`, `applications.1.productId`, `technicianId`). */
    field: string;
  };

/**
 * Whether a visit's lines make a record the server keeps:
 * - a consultation records nothing;
 * - a treatment needs at least one line while the branch has an active product (without one,
 *   nobody could record anything, and the visit is still marked done);
 * - every line names a product the visit may record (`usableProductIds`: the branch's active
 *   products, and for the office's edit also those already on the visit's record);
 * - a record names who applied it.
 */
export function checkRecordLines(input: {
  serviceType: string;
  lines: readonly RecordLine[];
  branchHasActiveProducts: boolean;
  usableProductIds: ReadonlySet<number>;
  technicianId: number | null;
}): RecordCheck {
  const { lines } = input;
  if (!isTreatmentVisit(input.serviceType)) {
    return lines.length === 0 ? { ok: true } : { ok: false, code: 'validation', messageKey: 'applicationRecords.notATreatment', field: 'applications' };
  }
  if (lines.length === 0) {
    return input.branchHasActiveProducts ? { ok: false, code: 'validation', messageKey: 'applicationRecords.recordRequired', field: 'applications' } : { ok: true };
  }
  const unusable = lines.findIndex((line) => !input.usableProductIds.has(line.productId));
  if (unusable >= 0) return { ok: false, code: 'conflict', messageKey: 'applicationRecords.productUnavailable', field: `applications.${unusable}.productId` };
  if (input.technicianId === null) return { ok: false, code: 'conflict', messageKey: 'applicationRecords.technicianRequired', field: 'technicianId' };
  return { ok: true };
}
