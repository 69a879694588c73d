// Deliberately not a client module: server pages need the real CONTACT_FORM_NAMESPACES array
// (a 'use client' module's exports reach the server only as client references).
export { ContactForm } from './contact-form-client';

/** The message namespaces the form reads: pass them to the page's NextIntlClientProvider. */
export const CONTACT_FORM_NAMESPACES = ['contactForm', 'errors'] as const;
