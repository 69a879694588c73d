import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { MIDSEASON_DISCOUNT } from '@/features/pricing/discount';
import { DEFAULT_PRICE_TABLE } from '@/features/pricing/price-table';
import { loadMessages, pickMessages } from '@/i18n/messages';
import { BookingForm, type BookingFormProps } from './booking-form';
import { QuoteAddOns, QuoteOutsideArea, QuotePostalCodeField } from './quote-booking';

// Outside the app router: the first render only reads the router, never navigates.
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: () => undefined }) }));

const schedule: BookingFormProps['schedule'] = {
  timezone: 'America/Toronto', season: { startMonthDay: '05-01', endMonthDay: '10-31' }, leadDays: 2, capacityPerFriday: 24, intervalDays: 21, closedDates: [],
};
const promo = { code: MIDSEASON_DISCOUNT.code, discountType: MIDSEASON_DISCOUNT.discountType, discountValue: MIDSEASON_DISCOUNT.discountValue, appliesTo: MIDSEASON_DISCOUNT.appliesTo };

/** The form's first render (before any effect runs), as markup. */
function renderForm(props: Partial<BookingFormProps>) {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale="en" timeZone="America/Toronto" messages={loadMessages('en')}>
      <BookingForm
        variant="quote"
        pricing={{ priceTable: DEFAULT_PRICE_TABLE, taxRate: 0.13, promoDiscounts: [promo] }}
        schedule={schedule}
        pathPrefix=""
        businessName="Escarpment Mosquito & Tick"
        {...props}
      />
    </NextIntlClientProvider>,
  );
}

const total = (markup: string) => /data-testid="booking-total">([^<]*)</.exec(markup)?.[1];

describe('BookingForm price confirmation with a discount code', () => {
  it('shows the total the checkout charges: seasonal 0.5 acre with MIDSEASON is 445 - 79 = 366.00 + 47.58 HST = 413.58', () => {
    const markup = renderForm({ discountCode: 'MIDSEASON', initialValues: { serviceType: 'seasonal', propertySize: '0.5' } });
    expect(total(markup)).toBe('$413.58');
    expect(markup).toContain('$366.00');
    // The total already has the code in it: the note says so instead of promising it for later.
    expect(markup).toContain('Code MIDSEASON is applied: the total above already includes the discount.');
    expect(markup).not.toContain('will be applied at checkout');
  });

  it('does not promise a code that does not apply to the plan (MIDSEASON is seasonal only)', () => {
    const markup = renderForm({ discountCode: 'MIDSEASON', initialValues: { serviceType: 'onetime', propertySize: '0.5' } });
    expect(total(markup)).toBe('$134.47');
    expect(markup).not.toContain('Code MIDSEASON');
  });

  it('still names a code it cannot price itself, which the server checks', () => {
    const markup = renderForm({ discountCode: 'SPRING10', initialValues: { serviceType: 'seasonal', propertySize: '0.5' } });
    expect(total(markup)).toBe('$502.85');
    expect(markup).toContain('Code SPRING10 will be applied at checkout.');
  });
});

describe('the quote summary on /book-quote (QuoteAddOns)', () => {
  const renderAddOns = (locale: 'en' | 'de', props: Parameters<typeof QuoteAddOns>[0]) => renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['booking', 'checkout'])}>
      <QuoteAddOns {...props} />
    </NextIntlClientProvider>,
  );

  it('names every add-on and extra in the quoted total, as the checkout names them, not as the form\'s "Add ..." choices', () => {
    const markup = renderAddOns('en', { includeTick: false, includeTargetedInsects: true, extras: ['natural-barrier', 'breeding-site-inspection', 'no-such-extra'] });
    expect(markup).toBe('<dt>Add-ons</dt><dd><ul><li>Standing water treatment</li><li>Breeding site inspection</li><li>Natural barrier with repelling plants</li></ul></dd>');
  });

  it('writes them in the reader\'s language, and nothing when the quote has none', () => {
    expect(renderAddOns('de', { includeTick: true, includeTargetedInsects: false, extras: [] }))
      .toBe('<dt>Zusatzleistungen</dt><dd><ul><li>Zeckenbekämpfung</li></ul></dd>');
    expect(renderAddOns('en', { includeTick: false, includeTargetedInsects: false, extras: [] })).toBe('');
  });
});

describe('the quote\'s postal code on /book-quote (0092)', () => {
  const labels = (markup: string) => [...markup.matchAll(/<label[^>]*>(.*?)<\/label>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').replace('*', '').trim());

  it.each([
    ['en', 'Postal code for this quote'],
    ['es', 'Código postal de este presupuesto'],
    ['fr', 'Code postal pour cette soumission'],
    ['de', 'Postleitzahl für dieses Angebot'],
  ] as const)('is labelled apart from the booking form\'s own postal code below it (%s)', (locale, label) => {
    const wrap = (node: React.ReactNode) => renderToStaticMarkup(
      <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['booking', 'checkout', 'errors', 'marketingConsent'])}>{node}</NextIntlClientProvider>,
    );
    const field = wrap(<QuotePostalCodeField from={null} value="" refusal={null} onChange={() => undefined} />);
    expect(labels(field)).toEqual([label]);
    const form = wrap(
      <BookingForm variant="quote" pricing={{ priceTable: DEFAULT_PRICE_TABLE, taxRate: 0.13, promoDiscounts: [] }} schedule={schedule} pathPrefix="" businessName="Escarpment Mosquito & Tick" />,
    );
    const formLabels = labels(form);
    expect(formLabels.length).toBeGreaterThan(5);
    expect(formLabels).not.toContain(label);
    // The form's own field keeps its plain name.
    expect(formLabels.map((l) => l.toLowerCase())).toContain(({ en: 'postal code', es: 'código postal', fr: 'code postal', de: 'postleitzahl' } as const)[locale]);
  });
});

describe('a quote whose postal code is no longer served, on /book-quote (0096)', () => {
  const renderNotice = (locale: 'en' | 'es' | 'fr' | 'de', phone: string) => renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['booking'])}>
      <QuoteOutsideArea postalCode="L0R 2C4" phone={phone} />
    </NextIntlClientProvider>,
  ).replaceAll('&#x27;', "'");

  it.each([
    ['en', 'We no longer serve L0R 2C4', "We're sorry, but we don't currently service the L0R 2C4 area, so this quote can't be booked online. Please call us at (905) 555-0134", 'Call (905) 555-0134'],
    ['es', 'Ya no damos servicio en L0R 2C4', 'Llámenos al (905) 555-0134', 'Llamar al (905) 555-0134'],
    ['fr', 'Nous ne desservons plus L0R 2C4', 'Appelez-nous au (905) 555-0134', 'Appeler le (905) 555-0134'],
    ['de', 'L0R 2C4 bedienen wir nicht mehr', 'rufen Sie uns unter (905) 555-0134 an', '(905) 555-0134 anrufen'],
  ] as const)('says so first, as an alert, with the phone to call and a link that dials it (%s)', (locale, title, body, link) => {
    const html = renderNotice(locale, '(905) 555-0134');
    expect(html).toContain('role="alert"');
    expect(html).toContain(`>${title}</p>`);
    expect(html).toContain(body);
    expect(html).toContain(`href="tel:+19055550134">${link}</a>`);
  });

  it('asks the customer to contact us when the branch has no phone on record', () => {
    const html = renderNotice('en', '');
    expect(html).toContain('Please contact us');
    expect(html).not.toContain('tel:');
  });
});
