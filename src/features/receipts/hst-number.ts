/**
 * The seller's GST/HST registration number as a receipt prints it (docs/decisions/0040): the
 * 9-digit business number, the program identifier `RT` (GST/HST) and the 4-digit reference
 * number of the account, written `123456789 RT0001`. Stored values may use other spacing or a
 * lower-case `rt`; they are printed in that one form. The business number's check digit is not
 * verified: the format is what a receipt must show, and the CRA's registry is the real check.
 */
export type HstNumberReading =
  | { kind: 'valid'; formatted: string }
  | { kind: 'missing' }
  | { kind: 'invalid' };

const HST_NUMBER = /^(\d{9})\s*RT\s*(\d{4})$/i;

/** Reads a stored GST/HST number: valid (in the printed form), missing (null or blank) or invalid. */
export function readHstNumber(value: string | null | undefined): HstNumberReading {
  const text = value?.trim() ?? '';
  if (!text) return { kind: 'missing' };
  const match = HST_NUMBER.exec(text);
  return match ? { kind: 'valid', formatted: `${match[1]} RT${match[2]}` } : { kind: 'invalid' };
}

/** Whether a value is a GST/HST registration number in the CRA's format. */
export function isValidHstNumber(value: string | null | undefined): boolean {
  return readHstNumber(value).kind === 'valid';
}
