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
    // French puts a no-break space before the colon.
    ['fr', 'question', 'Objet\u00a0: Question générale'],
    ['es', 'complaint', 'Asunto: Queja sobre el servicio'],
    ['en', 'quote', 'Subject: Quote request'],
  ] as const)('the %s acknowledgement names the subject %s as the form showed it', (locale, subject, line) => {
    const { text, html } = renderContactAckEmail(message(subject), locale, branch);
    expect(text).toContain(line);
    expect(html).not.toMatch(new RegExp(`: ${subject}<`));
  });

  it('writes the French labels with a no-break space before the colon', () => {
    const { text, html } = renderContactAckEmail(message('question'), 'fr', branch);
    expect(text).toContain('Votre message\u00a0:\n');
    expect(text).not.toMatch(/\S:/);
    expect(html).toContain('Objet\u00a0: Question générale');
  });

  it('keeps a free-text subject from an older client as written', () => {
    expect(renderContactAckEmail(message('Wasp nest by the shed'), 'de', branch).text).toContain('Betreff: Wasp nest by the shed');
  });

  it('gives staff the subject label too', () => {
    expect(renderStaffNotificationEmail(message('booking'), 'de', branch).text).toContain('Subject: Booking or rescheduling');
  });

  it("names the visitor's language for staff, who answer in it", () => {
    const { text, html } = renderStaffNotificationEmail(message('booking'), 'de', branch);
    expect(text).toContain('Language: German');
    expect(html).toContain('German');
    expect(text).not.toContain('Language: de');
  });

  it('writes a phone the visitor left out as N/A in the staff language, and a given one as typed', () => {
    expect(renderStaffNotificationEmail(message('booking'), 'de', branch).text).toContain('Phone: N/A');
    expect(renderStaffNotificationEmail(message('booking'), 'de', branch, 'fr').text).toMatch(/S\.O\./);
    expect(renderStaffNotificationEmail({ ...message('booking'), phone: '905-555-0199' }, 'de', branch).text).toContain('Phone: 905-555-0199');
  });
});
