/**
 * The product lines of the record forms (the day sheet's "Mark done", the office's edit) as the
 * browser holds them: drafts as typed, checked with the server's own schema before they are sent
 * (docs/decisions/0042). Pure and client-safe.
 */
import { ApplicationLinesSchema } from './application-record.schema';
import { formatAmountInput } from './application-rules';

/** One line as typed: the chosen product's id ('' for none) and the amount text. `key` keeps React's rows apart. */
export type LineDraft = { key: number; productId: string; amount: string };

let nextKey = 1;
const newKey = () => nextKey++;

/** A fresh line, with `productId` chosen when there is a default. */
export function createLine(productId: number | null = null): LineDraft {
  return { key: newKey(), productId: productId === null ? '' : String(productId), amount: '' };
}

/** The lines a stored record is edited from. */
export function linesFromRecord(lines: readonly { productId: number; amountHundredths: number }[]): LineDraft[] {
  return lines.map((line) => ({ key: newKey(), productId: String(line.productId), amount: formatAmountInput(line.amountHundredths) }));
}

/** What the API is sent: the product as a number, the amount as typed (the server reads it with the same rule). */
export function toLinePayload(drafts: readonly LineDraft[]): { productId: number; amount: string }[] {
  return drafts.map((draft) => ({ productId: Number(draft.productId), amount: draft.amount.trim() }));
}

/**
 * The translation key of each problem, by the field the form names it
 * (`applications.0.amount`, `applications.1.productId`, `applications`); empty when the lines are
 * fine. Only the first problem of a field is kept.
 */
export function checkLineDrafts(drafts: readonly LineDraft[]): Record<string, string> {
  const parsed = ApplicationLinesSchema.safeParse(drafts.map(({ productId, amount }) => ({ productId, amount })));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[['applications', ...issue.path].join('.')] ??= issue.message;
  return errors;
}

/** The id of a field's element in a form whose ids start with `prefix` (also for focusing the first bad field). */
export function lineFieldId(prefix: string, index: number, field: 'productId' | 'amount'): string {
  return `${prefix}-applications-${index}-${field}`;
}

/**
 * The element to focus for the first problem, in the order the form shows its fields: the lines
 * first (product, then amount), then anything else named by `rest` (in the order given).
 */
export function findFirstErrorId(prefix: string, errors: Record<string, string>, lineCount: number, rest: readonly [field: string, id: string][] = []): string | null {
  for (let i = 0; i < lineCount; i++) {
    for (const field of ['productId', 'amount'] as const) if (errors[`applications.${i}.${field}`]) return lineFieldId(prefix, i, field);
  }
  if (errors.applications && lineCount > 0) return lineFieldId(prefix, 0, 'productId');
  return rest.find(([field]) => errors[field])?.[1] ?? null;
}

/**
 * The field messages still to show once the lines become `after` (0110): a line's product or amount
 * message goes as soon as that field is changed to a value the form's own check accepts, and the
 * lines' shared message once the lines change and pass as a whole; anything else (a field not
 * touched, still wrong, or another field's message) stays until the next save. Lines are matched by
 * their key, so a removed line does not lend its message to the one that takes its place.
 */
export function dropFixedLineErrors(errors: Record<string, string>, before: readonly LineDraft[], after: readonly LineDraft[]): Record<string, string> {
  const problems = checkLineDrafts(after);
  const kept: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const match = /^applications\.(\d+)\.(productId|amount)$/.exec(field);
    if (match) {
      const index = Number(match[1]);
      const name = match[2] as 'productId' | 'amount';
      const now = after[index];
      const was = before[index];
      const changed = !now || !was || now.key !== was.key || now[name] !== was[name];
      if (changed && !problems[field]) continue;
    } else if (field === 'applications' && after !== before && !problems.applications) {
      continue;
    }
    kept[field] = message;
  }
  return kept;
}
