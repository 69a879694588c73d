/** The calculator's optional second contact (SPEC "Quote calculator": an optional second customer block). */
export interface SecondContact {
  name: string;
  email: string;
  phone: string;
}

/** The optional second contact as a line for staff in the appointment notes; null when empty. */
export function describeSecondContact(contact: SecondContact | null | undefined): string | null {
  if (!contact) return null;
  const parts = [contact.name, contact.email, contact.phone].map((p) => p.trim()).filter(Boolean);
  return parts.length ? `Second contact: ${parts.join(' · ')}` : null;
}
