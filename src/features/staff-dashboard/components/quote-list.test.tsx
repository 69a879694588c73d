import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getTranslator, pickMessages } from '@/i18n/messages';
import type { QuotePage } from '../dashboard.service';
import { QuoteList } from './quote-list';
import { nameQuoteAddOns, QuoteStateBadge } from './quote-state';

type Card = QuotePage['quotes'][number];
/** next-intl's translator outside React, which also answers `has` as the components' translators do. */
type Text = Parameters<typeof nameQuoteAddOns>[1];
const translate = (locale: 'en' | 'es' | 'fr' | 'de', namespace: string) => getTranslator(locale, namespace) as Text;

const card: Card = {
  id: 41, customerName: 'Ana Ruiz', customerEmail: 'ana@example.com', customerPhone: '905-555-0141', totalCents: 24_860, serviceType: 'seasonal', propertySize: 0.5,
  includeTick: true, includeStandingWater: false, extras: ['breeding-site-inspection', 'natural-barrier'],
  address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', secondContact: null, notes: null, createdAt: '2026-11-20T15:00:00.000Z',
  // Never followed up: the service sends null (its column's type does not say so).
  followUpCount: 0, lastSentAt: null as unknown as Card['lastSentAt'], lastSentByName: null, status: 'sent', cancelledBooking: null, unpaidBooking: null, customer: null,
  outsideServiceArea: null,
};

function renderCards(locale: 'en' | 'fr', quotes: Card[]) {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['quotesAdmin', 'adminDashboard', 'pricing', 'serviceAreaAdmin'])}>
      <QuoteList initial={{ quotes, nextCursor: null }} />
    </NextIntlClientProvider>,
  );
}

describe("/quotes-admin's card (0080)", () => {
  it.each(['en', 'fr'] as const)('lists the extras the customer added beside the main add-ons (%s)', (locale) => {
    const t = getTranslator(locale, 'quotesAdmin');
    const tp = getTranslator(locale, 'pricing');
    const html = renderCards(locale, [card]);
    const addOns = [t('tickControl'), tp('lines.breeding-site-inspection'), tp('lines.natural-barrier')].join(', ');
    expect(html).toContain(`<dd>${addOns}</dd>`);
  });

  it('says "None" only when there is neither an add-on nor an extra', () => {
    expect(renderCards('en', [{ ...card, includeTick: false, extras: [] }])).toContain('<dt class="text-gray-600">Add-ons</dt><dd>None</dd>');
    expect(renderCards('en', [{ ...card, includeTick: false, extras: ['natural-barrier'] }])).toContain('<dd>Natural barrier with repelling plants</dd>');
  });

  it.each([
    ['checkout-started', 'Checkout started, not paid'],
    ['hold-expired', 'Not paid, hold expired'],
    ['checkout-cancelled', 'Checkout cancelled, not paid'],
  ])('names a booking made from the quote and never paid (%s), and still offers "Send again"', (status, label) => {
    const html = renderCards('en', [{ ...card, status: status as Card['status'] }]);
    expect(html).toContain(`>${label}</`);
    expect(html).toContain('>Send again<span class="sr-only">');
  });
});

describe("the card's unpaid booking (0087)", () => {
  const unpaid: NonNullable<Card['unpaidBooking']> = {
    bookingRef: 'BK-7Q2M4XRA', customerId: 7, holdExpiresAt: '2026-11-25T20:42:00.000Z', cancelledAt: null, cancelledBy: null, timeZone: 'America/Toronto',
  };
  const link = '<a class="text-brand-800 underline" href="/customer-details?id=7#booking-BK-7Q2M4XRA" aria-label="Open booking BK-7Q2M4XRA on the customer&#x27;s page">BK-7Q2M4XRA</a>';

  it('names the held booking, links it on its customer\'s page, and says until when it is held in the branch\'s time zone', () => {
    expect(renderCards('en', [{ ...card, status: 'checkout-started', unpaidBooking: unpaid }])).toContain(`Unpaid booking: ${link} · Held until Nov 25, 2026, 3:42 PM.`);
    // Another branch's zone moves the hour with it.
    expect(renderCards('en', [{ ...card, status: 'checkout-started', unpaidBooking: { ...unpaid, timeZone: 'America/Vancouver' } }])).toContain('Held until Nov 25, 2026, 12:42 PM.');
  });

  it('says when the hold expired, and when and by whom a checkout was cancelled before payment, in French too', () => {
    expect(renderCards('en', [{ ...card, status: 'hold-expired', unpaidBooking: unpaid }])).toContain(`${link} · Hold expired on Nov 25, 2026, 3:42 PM.`);
    const cancelled = { ...unpaid, holdExpiresAt: null, cancelledAt: '2026-11-26T14:05:00.000Z', cancelledBy: 'office' as const };
    expect(renderCards('en', [{ ...card, status: 'checkout-cancelled', unpaidBooking: cancelled }])).toContain(`${link} · Cancelled by the office on Nov 26, 2026, 9:05 AM, before payment.`);
    expect(renderCards('fr', [{ ...card, status: 'checkout-cancelled', unpaidBooking: { ...cancelled, cancelledBy: 'customer' } }]))
      .toContain('Annulée par le client le 26 nov. 2026, 9\u00a0h\u00a005, avant le paiement.');
  });

  it('shows the reference without a link when no customer record may be opened', () => {
    const html = renderCards('en', [{ ...card, status: 'checkout-started', unpaidBooking: { ...unpaid, customerId: null } }]);
    expect(html).toContain('Unpaid booking: <span>BK-7Q2M4XRA</span> · Held until');
    expect(html).not.toContain('#booking-');
  });
});

describe('the customer page row\'s add-ons and the state badge', () => {
  it('name the extras with the price lines\' words, and a code no longer sold as stored', () => {
    const t = translate('de', 'quotesAdmin');
    const tp = translate('de', 'pricing');
    expect(nameQuoteAddOns({ includeTick: false, includeStandingWater: true, extras: ['standing-water-larvicide', 'retired-extra'] }, t, tp))
      .toEqual([t('standingWater'), tp('lines.standing-water-larvicide'), 'retired-extra']);
  });

  it.each(['en', 'es', 'fr', 'de'] as const)('names the three unpaid states in %s', (locale) => {
    const t = translate(locale, 'quotesAdmin');
    for (const status of ['checkout-started', 'hold-expired', 'checkout-cancelled']) {
      const html = renderToStaticMarkup(<QuoteStateBadge status={status} t={t} />);
      expect(html).toContain(`>${t(`status.${status}`)}</`);
      expect(html).not.toContain(`>${status}<`);
    }
  });
});

describe("the card of a quote whose postal code is no longer served (0096)", () => {
  it.each(['en', 'fr'] as const)('says so under the address, with what it means for booking (%s)', (locale) => {
    const t = getTranslator(locale, 'serviceAreaAdmin');
    const html = renderCards(locale, [{ ...card, postalCode: 'L0R 2C4', outsideServiceArea: { postalCode: 'L0R 2C4', area: 'Vineland' } }]);
    expect(html).toContain(`>${t('outsideArea.title')}</span>`);
    expect(html).toContain(`>${t('outsideArea.community', { postalCode: 'L0R 2C4', area: 'Vineland' })}</span>`);
    expect(html).toContain(`>${t('outsideArea.quote')}</span>`);
  });

  it('says nothing on a quote to a served code', () => {
    expect(renderCards('en', [card])).not.toContain('outside-service-area');
  });
});

describe('"Send again" on a quote whose postal code is no longer served (0104)', () => {
  const outside = { ...card, postalCode: 'L0R 2C4', outsideServiceArea: { postalCode: 'L0R 2C4', area: 'Vineland' } };

  it.each(['en', 'es', 'fr', 'de'] as const)('is replaced by why not and a link to call the customer (%s)', (locale) => {
    const t = getTranslator(locale, 'quotesAdmin');
    const html = renderToStaticMarkup(
      <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['quotesAdmin', 'adminDashboard', 'pricing', 'serviceAreaAdmin'])}>
        <QuoteList initial={{ quotes: [outside], nextCursor: null }} />
      </NextIntlClientProvider>,
    );
    expect(html).not.toContain(`>${t('followUp.action')}<span class="sr-only">`);
    expect(html).toContain(t('followUp.outsideArea'));
    expect(html).toContain(`href="tel:+19055550141">${t('followUp.callCustomer', { phone: '905-555-0141' })}</a>`);
  });

  it('says why without a link when the quote has no phone, and offers "Send again" again once the code is served', () => {
    const html = renderCards('en', [{ ...outside, customerPhone: null }]);
    expect(html).toContain('data-testid="follow-up-outside-area"');
    expect(html).not.toContain('href="tel:');
    expect(renderCards('en', [card])).toContain('>Send again<span class="sr-only">');
  });
});
