import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pickMessages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import type { BookingEnd } from '../payment-outcome';
import { BookingCancelledCard } from './booking-cancelled-card';

/** The card's heading and sentence as the page shows them (tags dropped). */
function render(locale: Locale, end: BookingEnd, refundedCents: number): { title: string; body: string } {
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['checkout', 'payments'])}>
      <BookingCancelledCard end={end} refundedCents={refundedCents} />
    </NextIntlClientProvider>,
  );
  const text = (pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/<[^>]+>/g, '').replace(/&#x27;/g, '\'') ?? '';
  return { title: text(/<h\d[^>]*>(.*?)<\/h\d>/), body: text(/<p role="status">(.*?)<\/p>/) };
}

describe('the payment page for a paid booking that will not go ahead', () => {
  it('says "cancelled" for a booking cancelled before the money arrived', () => {
    expect(render('en', 'cancelled', 11187)).toEqual({
      title: 'This booking has been cancelled',
      body: 'Your booking had been cancelled, so it will not go ahead. We are refunding $111.87 to the card you paid with; it will reach your account within 10 business days.',
    });
  });

  it('says the booking could not be kept, and the payment is refunded in full, when it was not cancelled (0056)', () => {
    expect(render('en', 'not-kept', 11187)).toEqual({
      title: 'We could not keep this booking',
      body: 'We were unable to keep your booking, so it will not go ahead. We are refunding your payment in full ($111.87) to the card you paid with; it will reach your account within 10 business days.',
    });
    expect(render('fr', 'not-kept', 11187)).toEqual({
      title: 'Nous n’avons pas pu maintenir cette réservation',
      body: 'Nous n’avons pas pu maintenir votre réservation, qui n’aura donc pas lieu. Nous vous remboursons la totalité de votre paiement (111,87\u00a0$) sur la carte utilisée\u00a0; le montant apparaîtra dans votre compte d’ici 10 jours ouvrables.',
    });
    expect(render('es', 'not-kept', 11187).title).toBe('No pudimos mantener esta reserva');
    expect(render('de', 'not-kept', 0)).toEqual({
      title: 'Wir konnten diese Buchung nicht aufrechterhalten',
      body: 'Wir konnten Ihre Buchung leider nicht aufrechterhalten, daher findet sie nicht statt. Wenn Sie Fragen zu Ihrer Zahlung haben, kontaktieren Sie uns bitte.',
    });
    for (const locale of ['en', 'es', 'fr', 'de'] as const) {
      const { title, body } = render(locale, 'not-kept', 11187);
      expect(title).not.toBe(render(locale, 'cancelled', 11187).title);
      expect(body).not.toMatch(/cancel|cancelad|annul|storn/i);
    }
  });
});

describe('the payment page for a paid booking whose Friday was closed for rain with no Friday left (0072)', () => {
  it('says the day was closed for rain and the payment goes back in full, never "cancelled", in four languages', () => {
    expect(render('en', 'closed', 11187)).toEqual({
      title: 'Your Friday was closed because of rain',
      body: 'We closed the Friday you booked because of rain before your payment arrived, and no other Friday this season has room for your visit, so the booking will not go ahead. We are refunding your payment in full ($111.87) to the card you paid with; it will reach your account within 10 business days.',
    });
    expect(render('es', 'closed', 11187).title).toBe('Su viernes se cerró por lluvia');
    expect(render('fr', 'closed', 11187).title).toBe('Votre vendredi a été fermé pour cause de pluie');
    expect(render('de', 'closed', 0).body).toBe('Wir haben den von Ihnen gebuchten Freitag wegen Regens geschlossen, bevor Ihre Zahlung einging, und an keinem anderen Freitag dieser Saison ist noch Platz für Ihren Besuch. Die Buchung findet daher nicht statt. Wenn Sie Fragen zu Ihrer Zahlung haben, kontaktieren Sie uns bitte.');
    for (const locale of ['en', 'es', 'fr', 'de'] as const) {
      expect(render(locale, 'closed', 11187).body).toMatch(/rain|lluvia|pluie|Regens/);
      expect(render(locale, 'closed', 11187).body).not.toMatch(/cancel|cancelad|annul|storn/i);
    }
  });
});
