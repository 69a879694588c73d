import { describe, expect, it } from 'vitest';
import { renderContactAckEmail, renderMessageReplyEmail, renderStaffNotificationEmail } from './contact-email';
import type { ContactMessageRequest } from './contact.schema';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';

const branch = TEST_EMAIL_BRANCH;
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

  describe('the reply to a message greets the visitor once', () => {
    const visitor = { name: 'Lena Vogel', subject: 'question', content: 'Kommen Sie auch nach Grimsby?', createdAt: new Date('2026-11-20T15:00:00Z') };
    const count = (text: string, word: string) => text.split(word).length - 1;

    it.each([
      ['de', 'Hallo Lena,\nja, jeden Freitag.', 'Ja, jeden Freitag.', 'Hallo Lena Vogel,', 'Hallo'],
      ['en', 'Hi Lena,\nyes, every Friday.', 'Yes, every Friday.', 'Hi Lena Vogel,', 'Hi'],
      ['fr', 'Bonjour Lena,\noui, chaque vendredi.', 'Oui, chaque vendredi.', 'Bonjour Lena Vogel,', 'Bonjour'],
      ['es', '¡Hola, Lena!\nSí, cada viernes.', 'Sí, cada viernes.', 'Hola, Lena Vogel:', 'Hola'],
    ] as const)('in %s: none of its own under the office’s greeting, its own above a text without one', (locale, greeted, plain, greeting, word) => {
      const own = renderMessageReplyEmail(visitor, greeted, locale, branch);
      for (const part of [own.text, own.html]) {
        expect(count(part, word)).toBe(1);
        expect(part).not.toContain(greeting);
      }
      expect(own.text).toContain(greeted);

      const template = renderMessageReplyEmail(visitor, plain, locale, branch);
      expect(template.text).toContain(`${greeting}\n\n${plain}`);
      expect(template.html).toContain(`<p>${greeting}</p>\n<p>${plain}</p>`);
    });
  });
});
