import type { SecondContact } from '@/features/quotes/quote.schema';

/** The optional second contact as a line for staff in the appointment notes; null when empty. */
export function describeSecondContact(contact: SecondContact | null | undefined): string | null {
  if (!contact) return null;
  const parts = [contact.name, contact.email, contact.phone].map((p) => p.trim()).filter(Boolean);
  return parts.length ? `Second contact: ${parts.join(' · ')}` : null;
}
