/** What the dashboard's customer search looks at. */
export type SearchableCustomer = {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
};

const fold = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * The digits a search word asks to find in a phone number: a word of three digits or more, written
 * with phone punctuation or none ('905', '555-0134', '(905)'); null for any other word. A word with
 * letters is never a phone number: a booking reference's digits (0064) or a street number in
 * 'l8p4y5' would otherwise find every phone that holds them. The server's search asks the same.
 *
 * Callers read their number with the country code as often as without ('+1 905 555 0134',
 * '1-905-555-0134'), and the customer typed it either way (0108): the code is not asked for. A
 * word that is only '+1' asks nothing (''), and an eleven-digit number starting with 1 is looked
 * for without it.
 */
export function readPhoneDigits(word: string): string | null {
  const digits = digitsOf(word);
  if (digits.length !== word.replace(/[\s()+.-]/g, '').length) return null;
  if (word === '+1') return '';
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length >= 3 ? national : null;
}

/**
 * True when every word of the query is found in the customer's name, email, address, city or
 * postal code (case and accents ignored), or, for a number of three digits or more, in the
 * phone number however it was typed ('905 555-0134', '(905) 5550134').
 */
export function matchesCustomer(customer: SearchableCustomer, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = fold([customer.firstName, customer.lastName, customer.email, customer.address, customer.city, customer.postalCode].filter(Boolean).join(' '));
  const compactText = text.replace(/\s+/g, '');
  const phone = digitsOf(customer.phone ?? '');
  return words.every((word) => {
    if (text.includes(word) || compactText.includes(word)) return true;
    const digits = readPhoneDigits(word);
    return digits !== null && phone.includes(digits);
  });
}
