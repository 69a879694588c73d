/**
 * A customer's name in two parts and as one line (docs/decisions/0070). Forms that ask for first
 * and last name separately keep the parts as typed, so "José María" "Núñez Peña" is never turned
 * into "José" "María Núñez Peña" by a later split at the first space; SPEC's split remains the rule
 * for a name that only ever came as one line.
 */

export type NameParts = { firstName: string; lastName: string };

/** Trimmed, every run of white space one space. */
export function foldSpaces(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/** The full name the two parts make: "first last", spaces folded. */
export function joinNameParts(parts: NameParts): string {
  return foldSpaces(`${parts.firstName} ${parts.lastName}`);
}

/** Both parts, spaces folded, when both hold something; null otherwise (one part alone is not a name in two fields). */
export function pickNameParts(firstName: unknown, lastName: unknown): NameParts | null {
  if (typeof firstName !== 'string' || typeof lastName !== 'string') return null;
  const first = foldSpaces(firstName);
  const last = foldSpaces(lastName);
  return first && last ? { firstName: first, lastName: last } : null;
}

/**
 * First and last name of a full name. The parts the customer typed win while the full name still
 * reads as them (spaces folded); otherwise, and for a name without parts, SPEC's rule: split at
 * the first space, the last name '-' when there is none.
 */
export function splitFullName(name: string, known?: Partial<NameParts> | null): NameParts {
  const clean = foldSpaces(name);
  const parts = known ? pickNameParts(known.firstName, known.lastName) : null;
  if (parts && joinNameParts(parts) === clean) return parts;
  const at = clean.indexOf(' ');
  if (at < 0) return { firstName: clean, lastName: '-' };
  return { firstName: clean.slice(0, at), lastName: clean.slice(at + 1) };
}
