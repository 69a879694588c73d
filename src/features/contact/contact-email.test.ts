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

    // The email's own greeting names the visitor by the first word of their name, as the booking emails do (0112).
    it.each([
      ['de', 'Hallo Lena,\nja, jeden Freitag.', 'Ja, jeden Freitag.', 'Hallo Lena,', 'Hallo'],
      ['en', 'Hi Lena,\nyes, every Friday.', 'Yes, every Friday.', 'Hi Lena,', 'Hi'],
      ['fr', 'Bonjour Lena,\noui, chaque vendredi.', 'Oui, chaque vendredi.', 'Bonjour Lena,', 'Bonjour'],
      ['es', '¡Hola, Lena!\nSí, cada viernes.', 'Sí, cada viernes.', 'Hola, Lena:', 'Hola'],
    ] as const)('in %s: none of its own under the office’s greeting, its own above a text without one', (locale, greeted, plain, greeting, word) => {
      const own = renderMessageReplyEmail(visitor, greeted, locale, branch);
      for (const part of [own.text, own.html]) {
        expect(count(part, word)).toBe(1);
        expect(part).not.toContain(`${greeting}\n\n`);
        expect(part).not.toContain(`<p>${greeting}</p>`);
      }
      expect(own.text).toContain(greeted);

      const template = renderMessageReplyEmail(visitor, plain, locale, branch);
      expect(template.text).toContain(`${greeting}\n\n${plain}`);
      expect(template.html).toContain(`<p>${greeting}</p>\n<p>${plain}</p>`);
    });
  });

  describe('greets the visitor by the first word of the name they gave (0112)', () => {
    it.each([
      ['en', 'Hi Maria,'],
      ['es', 'Hola, Maria:'],
      ['fr', 'Bonjour Maria,'],
      ['de', 'Hallo Maria,'],
    ] as const)('in %s, the acknowledgement says %j', (locale, greeting) => {
      const { text, html } = renderContactAckEmail({ ...message('question'), name: '  Maria Lopez Garcia ' }, locale, branch);
      expect(text.startsWith(`${greeting}\n\n`) || text.includes(`\n${greeting}\n\n`)).toBe(true);
      expect(html).toContain(`<p>${greeting}</p>`);
      expect(text).not.toContain('Lopez');
    });

    it('keeps a one-word name as given', () => {
      expect(renderContactAckEmail({ ...message('question'), name: 'Cher' }, 'en', branch).text).toContain('Hi Cher,\n');
    });
  });

  describe('dates the message it answers as a letter does, in the branch\'s time (0112)', () => {
    // 04:42 UTC on 26 November is 11:42 PM on the 25th in Hamilton.
    const visitor = { name: 'Maria Lopez Garcia', subject: 'question', content: '¿Cuándo llega mi reembolso?', createdAt: new Date('2026-11-26T04:42:00Z') };
    it.each([
      ['es', 'Usted escribió el 25 de noviembre de 2026 a las 23:42:'],
      ['en', 'You wrote on November 25, 2026 at 11:42 PM:'],
      ['fr', 'Vous nous avez écrit le 25 novembre 2026 à 23\u00a0h\u00a042\u00a0:'],
      ['de', 'Sie schrieben am 25. November 2026 um 23:42:'],
    ] as const)('in %s: %j', (locale, line) => {
      const { text, html } = renderMessageReplyEmail(visitor, 'Within five business days.', locale, branch);
      expect(text).toContain(`${line}\n> `);
      expect(html).toContain(line);
    });
  });
});
