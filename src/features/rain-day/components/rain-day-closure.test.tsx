import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DayClosure } from '@/features/scheduling/day-closure';
import { pickMessages } from '@/i18n/messages';
import { RainDayClosure } from './rain-day-closure';

const rain: DayClosure = { reason: 'rain', closedAt: '2027-05-26T13:05:00.000Z', closedBy: 'Dana Office', movedTo: ['2027-06-04', '2027-06-11'] };

const render = (locale: 'en' | 'de', closure: DayClosure, isPast = false) => renderToStaticMarkup(
  <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['rainDay'])}>
    <RainDayClosure date="2027-05-28" closure={closure} isPast={isPast} onReopened={() => {}} />
  </NextIntlClientProvider>,
).replaceAll('&#x27;', "'");

describe('a Friday closed for rain on the route manager', () => {
  it('says it is closed for rain, since when, by whom and where the visits went, and offers to reopen it', () => {
    const html = render('en', rain);
    expect(html).toContain('>Closed for rain</h2>');
    expect(html).toContain('Closed on May 26, 2027, 9:05 AM by Dana Office.');
    expect(html).toContain('Its visits were moved to Friday, June 4, 2027 and Friday, June 11, 2027.');
    expect(html).toContain('Customers cannot book it, and no move, re-treatment or later rain day can land on it.');
    expect(html).toMatch(/<button[^>]*>Reopen this Friday<\/button>/);
  });

  it('reads as German, and offers nothing to reopen once the Friday has passed', () => {
    const html = render('de', rain, true);
    expect(html).toContain('>Wegen Regen gesperrt</h2>');
    expect(html).toContain('Seine Besuche wurden auf Freitag, 4. Juni 2027 und Freitag, 11. Juni 2027 verlegt.');
    expect(html).not.toContain('<button');
  });

  it('names neither a reason nor a person it does not know', () => {
    const html = render('en', { reason: null, closedAt: '2027-05-26T13:05:00.000Z', closedBy: null, movedTo: [] });
    expect(html).toContain('>Closed to bookings</h2>');
    expect(html).toContain('Closed on May 26, 2027, 9:05 AM.');
    expect(html).not.toContain('Its visits were moved');
  });
});
