/** Subjects offered in the contact form's select; the first is the default. */
export const CONTACT_SUBJECTS = ['question', 'quote', 'booking', 'complaint', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/**
 * A stored subject as a reader knows it: the form sends a code ('booking'), shown with the form's
 * own label (`label` reads `contactForm.subjects.<code>` in the reader's language); a free-text
 * subject from an older API client is shown as it was written. Used by the emails and the staff
 * dashboard alike.
 */
export function describeContactSubject(subject: string, label: (code: ContactSubject) => string): string {
  return (CONTACT_SUBJECTS as readonly string[]).includes(subject) ? label(subject as ContactSubject) : subject;
}
