import { describe, expect, it } from 'vitest';
import { escapeHtml, formatLabelled, formatMailingAddress, renderEmailLayout } from './email-layout';
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
