import { describe, expect, it } from 'vitest';
import { renderContactAckEmail, renderStaffNotificationEmail } from './contact-email';
import type { ContactMessageRequest } from './contact.schema';

const branch = { displayName: 'Escarpment Mosquito & Tick', phone: '(905) 555-0134', email: 'hello@escarpmentmosquito.ca' };
const message = (subject: string): ContactMessageRequest => ({
  name: 'Lena Vogel', email: 'lena@example.ca', phone: null, subject, message: 'Können Sie am Freitag kommen?', type: 'contact', website: '',
});

describe('contact emails', () => {
  it.each([
    ['de', 'booking', 'Betreff: Buchung oder Terminänderung'],
    ['fr', 'question', 'Objet: Question générale'],
    ['es', 'complaint', 'Asunto: Inconformidad con el servicio'],
    ['en', 'quote', 'Subject: Quote request'],
  ] as const)('the %s acknowledgement names the subject %s as the form showed it', (locale, subject, line) => {
    const { text, html } = renderContactAckEmail(message(subject), locale, branch);
    expect(text).toContain(line);
    expect(html).not.toMatch(new RegExp(`: ${subject}<`));
  });

  it('keeps a free-text subject from an older client as written', () => {
    expect(renderContactAckEmail(message('Wasp nest by the shed'), 'de', branch).text).toContain('Betreff: Wasp nest by the shed');
  });

  it('gives staff the subject label too', () => {
    expect(renderStaffNotificationEmail(message('booking'), 'de', branch).text).toContain('Subject: Booking or rescheduling');
  });
});
