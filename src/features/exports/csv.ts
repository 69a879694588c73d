/**
 * CSV files for the office's bookkeeping (docs/decisions/0036). Pure: text in, text out.
 *
 * Quoting is csv-stringify's (RFC 4180, CRLF line ends, as Excel writes them). Its
 * `escape_formulas` puts an apostrophe before a cell that starts with = + - @, a tab or a carriage
 * return, so a name a customer typed as `=HYPERLINK(...)` is shown as text, never run as a formula.
 * The file starts with a UTF-8 byte order mark, without which Excel reads the file in the
 * computer's legacy code page and shows "QuÃ©bec" for "Québec".
 */
import { stringify } from 'csv-stringify/sync';

/** The UTF-8 byte order mark every export starts with. */
export const BOM = '\uFEFF';

/**
 * Cents as dollars with exactly two decimals, a point and no grouping (`11187` → `'111.87'`,
 * `1` → `'0.01'`), by integer arithmetic, so no amount picks up binary floating-point error.
 * The same in every language: a spreadsheet reads it as a number whatever the headers' language.
 */
export function formatDollars(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a safe integer, got ${cents}`);
  const value = BigInt(cents);
  const magnitude = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}

/** A header line and rows of text cells as one CSV document, byte order mark first. */
export function buildCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  // A cell holding a lone line feed or carriage return is quoted too, not only one holding CRLF.
  return stringify([header, ...rows], { bom: true, escape_formulas: true, record_delimiter: 'windows', quote_record_delimiter: true });
}
