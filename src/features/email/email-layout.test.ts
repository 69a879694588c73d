import { describe, expect, it } from 'vitest';
import { customerEmailFooter } from './email-footer';
import { escapeHtml, formatLabelled, formatMailingAddress, refreshEmailContact, renderEmailLayout, type EmailBranch } from './email-layout';
import { TEST_EMAIL_BRANCH } from './email-test-branch';
import { computeRetryDelayMs, MAX_ATTEMPTS } from './outbox.service';

describe('renderEmailLayout', () => {
  it('wraps both parts with the branch name and phone, escaping the heading', () => {
    const { html, text } = renderEmailLayout({
      branch: { displayName: 'Escarpment Mosquito & Tick', phone: '(905) 555-0134', email: 'hello@escarpmentmosquito.ca', address: null, city: null, province: null, postalCode: null },
      locale: 'fr', heading: 'Merci <3', bodyHtml: '<p>Corps</p>', bodyText: 'Corps', footer: 'Des questions\u00a0?',
    });
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Merci &lt;3');
    expect(html).toContain('Escarpment Mosquito &amp; Tick');
    expect(text).toContain('Merci <3');
    expect(text).toContain('(905) 555-0134');
    expect(text).not.toMatch(/<p>/);
  });

  it("ends both parts with the business's mailing address, phone and email (CASL's identification)", () => {
    const { html, text } = renderEmailLayout({
      branch: {
        displayName: 'Escarpment Mosquito & Tick', phone: '(905) 555-0134', email: 'hello@escarpmentmosquito.ca',
        address: '1 Hunter St E', city: 'Hamilton', province: 'ON', postalCode: 'L8N 3W1',
      },
      locale: 'de', heading: 'Hallo', bodyHtml: '<p>Text</p>', bodyText: 'Text', footer: 'Fragen?',
    });
    expect(text).toMatch(/--\nFragen\?\nEscarpment Mosquito & Tick, 1 Hunter St E, Hamilton, ON L8N 3W1\n\(905\) 555-0134 · hello@escarpmentmosquito\.ca\n$/);
    expect(html).toContain('Escarpment Mosquito &amp; Tick, 1 Hunter St E, Hamilton, ON L8N 3W1<br>(905) 555-0134 · <a href="mailto:hello@escarpmentmosquito.ca"');
  });

  it.each([
    ['without a mailing address', { address: null, city: null, province: null, postalCode: null }],
    ['with a mailing address', { address: '1 Hunter St E', city: 'Hamilton', province: 'ON', postalCode: 'L8N 3W1' }],
  ])('names the business once at the foot of an office alert whose footer is the business name (%s)', (_, address) => {
    const branch = { displayName: 'Escarpment Mosquito & Tick', phone: '(905) 555-0134', email: 'hello@escarpmentmosquito.ca', ...address };
    const { html, text } = renderEmailLayout({ branch, locale: 'en', heading: 'A customer moved a visit online', bodyHtml: '<p>Body</p>', bodyText: 'Body', footer: branch.displayName });
    const foot = text.slice(text.indexOf('\n--\n'));
    expect(foot.split('Escarpment Mosquito & Tick')).toHaveLength(2);
    expect(foot).toMatch(/^\n--\nEscarpment Mosquito & Tick[^\n]*\n\(905\) 555-0134 · hello@escarpmentmosquito\.ca\n$/);
    const htmlFoot = html.slice(html.indexOf('<p style="font-size:13px'));
    expect(htmlFoot.split('Escarpment Mosquito &amp; Tick')).toHaveLength(2);
  });

  it('writes the address with what the branch row has, and nothing without a street', () => {
    expect(formatMailingAddress({ displayName: 'E', phone: 'p', email: 'e', address: '1 Hunter St E', city: 'Hamilton', province: 'ON', postalCode: null })).toBe('1 Hunter St E, Hamilton, ON');
    expect(formatMailingAddress({ displayName: 'E', phone: 'p', email: 'e', address: null, city: 'Hamilton', province: 'ON', postalCode: null })).toBeNull();
  });

  it('escapes all HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('formatLabelled', () => {
  it.each([
    ['en', 'Total paid: $99.00'],
    ['es', 'Total paid: $99.00'],
    ['de', 'Total paid: $99.00'],
    ['fr', 'Total paid\u00a0: $99.00'],
  ])('joins a label and its value as %s writes it', (locale, expected) => {
    expect(formatLabelled(locale, 'Total paid', '$99.00')).toBe(expected);
  });

  it('gives the label and colon alone without a value', () => {
    expect(formatLabelled('fr', 'Votre message')).toBe('Votre message\u00a0:');
    expect(formatLabelled('de', 'Ihre Nachricht')).toBe('Ihre Nachricht:');
  });
});

describe('computeRetryDelayMs', () => {
  it('doubles from one minute up to an hour', () => {
    expect([1, 2, 3, 4, 6, 7, 8, 50].map(computeRetryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000]);
  });

  it('keeps trying for about three days before an email is left as failed', () => {
    let total = 0;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) total += computeRetryDelayMs(attempt);
    expect(total / 3_600_000).toBeGreaterThan(72);
    expect(total / 3_600_000).toBeLessThan(96);
  });
});

describe('refreshEmailContact (0099)', () => {
  const before: EmailBranch = TEST_EMAIL_BRANCH;
  // The owner changed all three at /business while the email waited in the outbox.
  const after: EmailBranch = { ...TEST_EMAIL_BRANCH, phone: '(289) 555-0199', email: 'office@escarpment.example', address: '77 James St N', postalCode: 'L8R 2K3' };
  // Words a person wrote, in the body: the old phone, two dashes, and what looks like the closing.
  const bodyText = 'Your message: "I called (905) 555-0134 twice."\n\n--\nEscarpment Mosquito & Tick\n(905) 555-0134 · hello@escarpmentmosquito.ca';
  const bodyHtml = `<p>${escapeHtml('I called (905) 555-0134 <p style="font-size:13px;color:#6b7280;text-align:center;margin:16px 0 0">')}</p>`;
  const write = (branch: EmailBranch, footer: string) => renderEmailLayout({ branch, locale: 'en', heading: 'Hello', bodyHtml, bodyText, footer });

  it.each(['en', 'es', 'fr', 'de'] as const)('writes the closing of a customer email (%s) as it would be written now, the footer line\'s phone included', (locale) => {
    const queued = write(before, customerEmailFooter(locale, before));
    const sent = refreshEmailContact(queued, after);
    const now = write(after, customerEmailFooter(locale, after));
    const closingOf = (part: string, mark: string) => part.slice(part.lastIndexOf(mark));
    expect(closingOf(sent.text, '\n--\n')).toBe(closingOf(now.text, '\n--\n'));
    expect(closingOf(sent.html, '<p style="font-size:13px')).toBe(closingOf(now.html, '<p style="font-size:13px'));
    expect(sent.text).toContain('(289) 555-0199');
    expect(sent.text).toContain('77 James St N, Hamilton, ON L8R 2K3');
    expect(sent.html).toContain('href="mailto:office@escarpment.example"');
    expect(sent.html).not.toContain('hello@escarpmentmosquito.ca');
  });

  it('leaves the body as written: the words a person wrote keep the old phone, even ones that look like a closing', () => {
    const queued = write(before, customerEmailFooter('en', before));
    const sent = refreshEmailContact(queued, after);
    expect(sent.text.slice(0, sent.text.lastIndexOf('\n\n--\n'))).toBe(queued.text.slice(0, queued.text.lastIndexOf('\n\n--\n')));
    expect(sent.text).toContain('"I called (905) 555-0134 twice."\n\n--\nEscarpment Mosquito & Tick\n(905) 555-0134 · hello@escarpmentmosquito.ca');
    expect(sent.html).toContain(bodyHtml);
    expect(sent.text.endsWith('(289) 555-0199 · office@escarpment.example\n')).toBe(true);
  });

  it('writes the closing of an office alert (no footer line) and of an email queued before the business had an address', () => {
    const alert = refreshEmailContact(write(before, before.displayName), after);
    expect(alert).toEqual(write(after, after.displayName));
    const noAddress = { ...before, address: null, city: null, province: null, postalCode: null };
    expect(refreshEmailContact(write(noAddress, 'Questions?'), after)).toEqual(write(after, 'Questions?'));
  });

  it('returns an email already current, one the layout did not write and one from another business as they are', () => {
    const current = write(after, customerEmailFooter('fr', after));
    expect(refreshEmailContact(current, after)).toEqual(current);
    const plain = { html: '<p>Hi</p>', text: 'Hi\n' };
    expect(refreshEmailContact(plain, after)).toBe(plain);
    const other = write({ ...before, displayName: 'Another Business' }, 'Questions?');
    expect(refreshEmailContact(other, after)).toBe(other);
  });
});
