import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_TABLE } from '@/features/pricing/price-table';
import { createAddressUnsubscribeToken } from '@/features/marketing-email/unsubscribe-token';
import { calculatePrice } from '@/features/pricing/pricing';
import { buildDirectBuyUrl, renderCustomQuoteStaffEmail, renderQuoteEmail } from './quote-email';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';

const branch = TEST_EMAIL_BRANCH;
const quote = {
  id: 7, token: 'tok_abcdefghijklmnopqrstuv', customerName: 'Ana <b>Ruiz</b>', customerEmail: 'ana@example.com', serviceType: 'onetime',
  propertySize: 0.25, includeTick: true, includeTargetedInsects: false, address: '12 King St W, Hamilton', city: 'Hamilton', postalCode: 'L8P 1A1',
  discountCode: null, notes: null as string | null,
};
const priced = calculatePrice(
  { serviceType: 'onetime', propertySize: 0.25, includeTick: true, includeTargetedInsects: false, extras: [], address: quote.address },
  { priceTable: DEFAULT_PRICE_TABLE, taxRate: 0.13 },
);

describe('renderQuoteEmail', () => {
  it.each([
    ['en', 'Address: 12 King St W, Hamilton, L8P 1A1'],
    ['fr', 'Adresse\u00A0: 12 King St W, Hamilton, L8P 1A1'],
    ['es', 'Dirección: 12 King St W, Hamilton, L8P 1A1'],
    ['de', 'Adresse: 12 King St W, Hamilton, L8P 1A1'],
  ] as const)('gives the address with its postal code, and its town once (%s, 0080)', (locale, line) => {
    const email = renderQuoteEmail({ locale, branch, siteUrl: 'https://example.ca', taxRateBps: 1300, quote, priced });
    expect(email.text.split('\n')).toContain(line);
    expect(email.html).toContain('>12 King St W, Hamilton, L8P 1A1</td>');
    // A street typed with its postal code already: the code is not given twice.
    const typed = renderQuoteEmail({ locale, branch, siteUrl: 'https://example.ca', taxRateBps: 1300, quote: { ...quote, address: '12 King St W, Hamilton ON L8P 1A1' }, priced });
    expect(typed.text.match(/L8P 1A1/g)).toHaveLength(1);
  });

  it('shows the breakdown, HST and total, with both links, in English', () => {
    const email = renderQuoteEmail({ locale: 'en', branch, siteUrl: 'https://example.ca', taxRateBps: 1300, quote, priced });
    expect(email.subject).toBe('Your One-Time Treatment quote from Escarpment Mosquito & Tick');
    // 99 + 49 tick = 148.00, HST 19.24, total 167.24
    for (const part of [email.text, email.html]) {
      expect(part).toContain('One-time treatment');
      expect(part).toContain('Tick control add-on');
      expect(part).toContain('$148.00');
      expect(part).toContain('$19.24');
      expect(part).toContain('$167.24');
      expect(part).toContain('(905) 555-0134');
    }
    expect(email.text).toContain('Book this quote: https://example.ca/book-quote?token=tok_abcdefghijklmnopqrstuv');
    expect(email.text).toContain('HST (13%)');
    expect(email.html).toContain('href="https://example.ca/book-quote?token=tok_abcdefghijklmnopqrstuv"');
  });

  it.each([
    ['en', 'You received this email because you asked for this quote on our website.', 'If you would rather not receive follow-ups or offers from us, you can unsubscribe at any time.', 'Unsubscribe', ''],
    ['fr', 'Vous recevez ce courriel parce que vous avez demandé cette soumission sur notre site.', 'Si vous préférez ne plus recevoir de relances ni d’offres de notre part, vous pouvez vous désabonner en tout temps.', 'Se désabonner', '/fr'],
    ['es', 'Recibe este correo porque solicitó este presupuesto en nuestro sitio web.', 'Si prefiere no recibir más seguimientos ni ofertas de nuestra parte, puede darse de baja en cualquier momento.', 'Darse de baja', '/es'],
    ['de', 'Sie erhalten diese E-Mail, weil Sie dieses Angebot auf unserer Website angefordert haben.', 'Wenn Sie keine Erinnerungen an Ihr Angebot und keine Werbe-E-Mails mehr von uns erhalten möchten, können Sie sich jederzeit abmelden.', 'Abmelden', '/de'],
  ] as const)('says why it was sent, links to its address\'s own unsubscribe page, and says who sent it (%s, CASL, 0066)', (locale, why, stop, label, prefix) => {
    const withAddress = { ...branch, address: '1 Hunter St E', city: 'Hamilton', province: 'ON', postalCode: 'L8N 3W1' };
    const email = renderQuoteEmail({ locale, branch: withAddress, siteUrl: 'https://example.ca', taxRateBps: 1300, quote, priced });
    const page = `https://example.ca${prefix}/unsubscribe/${createAddressUnsubscribeToken('ana@example.com')}`;
    for (const part of [email.text, email.html]) {
      expect(part).toContain(why);
      expect(part).toContain(stop);
      expect(part).toContain('1 Hunter St E, Hamilton, ON L8N 3W1');
      // No more "reply with unsubscribe": the link does it.
      expect(part).not.toMatch(/“unsubscribe”|désabonnement\u00a0»|«baja»|„Abmelden“/);
    }
    expect(email.html).toContain(`<a href="${page}" style="color:#6b7280">${label}</a>`);
    expect(email.text).toContain(`${label}${locale === 'fr' ? '\u00a0:' : ':'} ${page}`);
  });

  it('links a follow-up to the address it goes to, the same link whatever its case (0066)', () => {
    const email = renderQuoteEmail({
      locale: 'en', branch, siteUrl: 'https://example.ca', taxRateBps: 1300, quote: { ...quote, customerEmail: 'Ana.New@Example.com' }, priced,
      followUp: { requestedOn: '2026-10-02', quotedTotalCents: null },
    });
    expect(email.text).toContain(`Unsubscribe: https://example.ca/unsubscribe/${createAddressUnsubscribeToken('ana.new@example.com')}`);
  });

  it('a follow-up says when they asked, with its own subject, and keeps the prices and links (0059)', () => {
    const email = renderQuoteEmail({
      locale: 'en', branch, siteUrl: 'https://example.ca', taxRateBps: 1300, quote, priced, followUp: { requestedOn: '2026-10-02', quotedTotalCents: null },
    });
    expect(email.subject).toBe('Following up: your One-Time Treatment quote from Escarpment Mosquito & Tick');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('You asked us for a quote on October 2, 2026. Here it is again, in case you would still like to book.');
      expect(part).not.toContain('Here is the quote you asked for.');
      expect(part).not.toContain('Our prices have changed');
      expect(part).toContain('$167.24');
    }
    expect(email.text).toContain('Book this quote: https://example.ca/book-quote?token=tok_abcdefghijklmnopqrstuv');
    expect(new URL(email.text.match(/Buy now: (\S+)/)![1]!).searchParams.get('price')).toBe('148');
  });

  it.each([
    ['en', 16_724, null],
    ['en', 15_000, 'Our prices have changed since then: the amounts below are today’s and replace the total of $150.00 in our earlier email.'],
    ['fr', 15_000, 'Nos prix ont changé depuis\u00a0: les montants ci-dessous sont ceux d’aujourd’hui et remplacent le total de 150,00\u00a0$ de notre courriel précédent.'],
  ] as const)('a follow-up in %s whose quote held %i cents says the price changed only when it did', (locale, quotedTotalCents, line) => {
    const email = renderQuoteEmail({
      locale, branch, siteUrl: 'https://example.ca', taxRateBps: 1300, quote, priced, followUp: { requestedOn: '2026-10-01', quotedTotalCents },
    });
    if (locale === 'fr') {
      expect(email.subject).toBe('Suivi de votre soumission – Traitement unique – Escarpment Mosquito & Tick');
      expect(email.text).toContain('Vous nous avez demandé une soumission le 1er octobre 2026.');
    }
    for (const part of [email.text, email.html]) {
      if (line) expect(part).toContain(line);
      else expect(part).not.toContain('Our prices have changed');
    }
  });

  it('escapes what the customer typed in the HTML part', () => {
    const email = renderQuoteEmail({ locale: 'en', branch, siteUrl: 'https://example.ca', taxRateBps: 1300, quote, priced });
    expect(email.html).not.toContain('<b>Ruiz</b>');
    expect(email.html).toContain('Ana &lt;b&gt;Ruiz&lt;/b&gt;');
  });

  it('greets by the first name the quote kept (0070), as the booking emails do; an older quote by its full name', () => {
    const named = { ...quote, customerName: 'José María Núñez Peña', customerFirstName: 'José María', customerLastName: 'Núñez Peña' };
    const email = renderQuoteEmail({ locale: 'es', branch, siteUrl: 'https://example.ca', taxRateBps: 1300, quote: named, priced });
    expect(email.text).toContain('\nHola, José María:\n');
    expect(email.html).toContain('<p>Hola, José María:</p>');
    const old = renderQuoteEmail({ locale: 'es', branch, siteUrl: 'https://example.ca', taxRateBps: 1300, quote: { ...named, customerFirstName: null, customerLastName: null }, priced });
    expect(old.text).toContain('\nHola, José María Núñez Peña:\n');
  });

  it('writes German mail with German amounts and /de links', () => {
    const email = renderQuoteEmail({ locale: 'de', branch, siteUrl: 'https://example.ca', taxRateBps: 1300, quote, priced });
    expect(email.subject).toBe('Ihr Angebot von Escarpment Mosquito & Tick: Einmalige Behandlung');
    expect(email.text).toContain(`Bis ${quote.propertySize.toString().replace('.', ',')} Acres`);
    expect(email.text).toContain('167,24');
    expect(email.text).toContain('https://example.ca/de/book-quote?token=');
    expect(email.text).toContain('Dieses Angebot buchen');
    expect(email.text).not.toContain('Book this quote');
  });

  it.each([
    ['fr', 'TVH (13,5\u00A0%)', '19,98'],
    ['de', 'HST (13,5 %)', '19,98'],
    ['en', 'HST (13.5%)', '$19.98'],
  ] as const)("writes a branch rate of 13.5 per cent in the reader's number format (%s)", (locale, label, tax) => {
    const at135 = calculatePrice(
      { serviceType: 'onetime', propertySize: 0.25, includeTick: true, includeTargetedInsects: false, extras: [], address: quote.address },
      { priceTable: DEFAULT_PRICE_TABLE, taxRate: 0.135 },
    );
    const email = renderQuoteEmail({ locale, branch, siteUrl: 'https://example.ca', taxRateBps: 1350, quote, priced: at135 });
    for (const part of [email.text, email.html]) {
      expect(part).toContain(label);
      expect(part).toContain(tax);
      expect(part).not.toContain('13.5 %');
    }
  });

  it('writes French label lines with the space before the colon', () => {
    const email = renderQuoteEmail({ locale: 'fr', branch, siteUrl: 'https://example.ca', taxRateBps: 1300, quote, priced });
    expect(email.text).toMatch(/^Sous-total\u00A0: 148,00/m);
    expect(email.text).not.toMatch(/\S: /);
  });

  it('says a custom quote follows, without prices or links, for acreage', () => {
    const custom = calculatePrice({ ...quote, serviceType: 'onetime', propertySize: 999, extras: [] }, { priceTable: DEFAULT_PRICE_TABLE, taxRate: 0.13 });
    const email = renderQuoteEmail({ locale: 'en', branch, siteUrl: 'https://example.ca', taxRateBps: 1300, quote: { ...quote, propertySize: 999 }, priced: custom });
    expect(email.text).toContain('custom quote');
    expect(email.text).not.toContain('book-quote');
    expect(email.text).not.toContain('$0.00');
  });
});

describe("the customer's special requests in their own email (0087)", () => {
  const notes = 'Gate is locked <b>call</b> first\nDog in the yard & shy';
  const custom = calculatePrice(
    { serviceType: 'onetime', propertySize: 999, includeTick: false, includeTargetedInsects: false, extras: [], address: quote.address },
    { priceTable: DEFAULT_PRICE_TABLE, taxRate: 0.13 },
  );

  it.each([
    ['en', 'Your special requests:'],
    ['fr', 'Vos demandes particulières\u00A0:'],
    ['es', 'Sus solicitudes especiales:'],
    ['de', 'Ihre besonderen Wünsche:'],
  ] as const)('repeats them as written, escaped, with their line breaks, in a custom quote and a priced one (%s)', (locale, label) => {
    for (const result of [custom, priced]) {
      const email = renderQuoteEmail({ locale, branch, siteUrl: 'https://example.ca', taxRateBps: 1300, quote: { ...quote, notes }, priced: result });
      const lines = email.text.split('\n');
      expect(lines.slice(lines.indexOf(label), lines.indexOf(label) + 3)).toEqual([label, 'Gate is locked <b>call</b> first', 'Dog in the yard & shy']);
      expect(email.html).toContain('<span style="white-space:pre-line">Gate is locked &lt;b&gt;call&lt;/b&gt; first\nDog in the yard &amp; shy</span>');
      expect(email.html).not.toContain('<b>call</b>');
    }
  });

  it('says nothing of them when the customer wrote none', () => {
    for (const none of [null, '   ']) {
      const email = renderQuoteEmail({ locale: 'en', branch, siteUrl: 'https://example.ca', taxRateBps: 1300, quote: { ...quote, notes: none }, priced: custom });
      expect(email.text).not.toContain('special requests');
      expect(email.html).not.toContain('pre-line');
    }
  });
});

describe('buildDirectBuyUrl', () => {
  it('opens SPEC direct-buy mode with its parameters and the quote token, encoded', () => {
    const url = new URL(buildDirectBuyUrl('https://example.ca', 'fr', { ...quote, address: '1 Rue & Co, Dundas' }, 148));
    expect(url.pathname).toBe('/fr');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      directBuy: 'true', service: 'onetime', size: '0.25', includeTick: 'true', includeStandingWater: 'false',
      address: '1 Rue & Co, Dundas', email: 'ana@example.com', name: 'Ana <b>Ruiz</b>', price: '148', quoteToken: quote.token,
    });
  });

  it('carries the first and last name the quote kept beside SPEC\'s name (0070)', () => {
    const named = { ...quote, customerName: 'José María Núñez Peña', customerFirstName: 'José María', customerLastName: 'Núñez Peña' };
    const params = new URL(buildDirectBuyUrl('https://example.ca', 'es', named, 148)).searchParams;
    expect([params.get('name'), params.get('firstName'), params.get('lastName')]).toEqual(['José María Núñez Peña', 'José María', 'Núñez Peña']);
    // An older quote kept only the full name: nothing to add.
    const old = new URL(buildDirectBuyUrl('https://example.ca', 'es', { ...named, customerFirstName: null, customerLastName: null }, 148)).searchParams;
    expect([old.has('firstName'), old.has('lastName')]).toEqual([false, false]);
  });
});

describe('renderCustomQuoteStaffEmail', () => {
  const request = {
    id: 41, customerName: 'Émile <Roy>', customerEmail: 'emile@example.ca', customerPhone: '905-555-0150', serviceType: 'tick-seasonal',
    includeTick: false, includeTargetedInsects: false, extras: ['natural-barrier'], address: '800 Concession 6 W, Flamborough', city: 'Flamborough',
    postalCode: 'L0R 1H0', secondContact: { name: 'Anne Roy', email: '', phone: '905-555-0151' },
  };

  it('is written in the staff language whatever the customer speaks, with what staff need to call back', () => {
    const email = renderCustomQuoteStaffEmail({ branch, siteUrl: 'https://example.ca', customerLocale: 'fr', quote: request });
    expect(email.locale).toBe('en');
    expect(email.subject).toBe('Custom quote request #41: Émile <Roy>');
    for (const line of [
      'Quote number: #41', 'Customer: Émile <Roy>', 'Email: emile@example.ca', 'Phone: 905-555-0150',
      // The stored address already names the town: it is shown once.
      'Address: 800 Concession 6 W, Flamborough, L0R 1H0',
      // The custom-quote size, as the calculator names it: "Acreage" there is over 2 acres (DECISIONS §1, 0084).
      'Property size: Acreage (over 2 acres)', 'Requested plan: Seasonal Tick Protection', 'Requested add-ons: Natural barrier with repelling plants',
      "Customer's language: French", 'Second contact: Anne Roy · 905-555-0151', 'Open the quotes admin: https://example.ca/quotes-admin',
    ]) expect(email.text).toContain(line);
    expect(email.text).toContain('Émile <Roy> asked for a quote for a property of more than 2 acres.');
    // Not the calculator's old "1 acre or more", which /book prices (0084).
    expect(email.text).not.toMatch(/1 acre|1\+ acres/);
    expect(email.html).toContain('href="https://example.ca/quotes-admin"');
    expect(email.html).toContain('Émile &lt;Roy&gt;');
    expect(email.html).not.toContain('<Roy>');
  });

  it('says plainly when there is no phone, no add-on and no second contact', () => {
    const email = renderCustomQuoteStaffEmail({
      branch, siteUrl: 'https://example.ca/', customerLocale: 'xx',
      quote: { ...request, customerPhone: '  ', extras: [], secondContact: null, includeTick: true },
    });
    expect(email.text).toContain('Phone: Not given');
    expect(email.text).toContain('Requested add-ons: Tick control add-on');
    expect(email.text).toContain("Customer's language: English");
    expect(email.text).not.toContain('Second contact');
  });
});
