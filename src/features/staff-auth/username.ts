/**
 * The one form of a staff username: trimmed, Unicode-normalised (NFKC) and lower-case. Accounts
 * are stored in it, sign-in looks them up by it, and the per-username login limit keys on it, so
 * 'Tech', ' tech' and 'TECH' are one account and one budget of attempts.
 */
export function normaliseUsername(value: string): string {
  return value.trim().normalize('NFKC').toLowerCase();
}
