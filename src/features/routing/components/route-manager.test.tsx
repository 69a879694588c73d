import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getTranslator, pickMessages } from '@/i18n/messages';
import type { DayRoutes } from '../route.service';
import { RouteHeading } from './route-heading';
import { DoneWithoutRoute, NotOnAnyRoute, OutsideServiceArea } from './route-manager';

const visit = {
  appointment: { id: 41, address: '12 Locke St S', city: 'Hamilton', serviceType: 'onetime', status: 'completed' },
  customer: { firstName: 'Ada', lastName: 'Lovell' },
} as unknown as DayRoutes['doneWithoutRoute'][number];

const render = (locale: 'en' | 'fr', visits: DayRoutes['doneWithoutRoute'], level: 2 | 3) => renderToStaticMarkup(
  <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['routing'])}>
    <DoneWithoutRoute visits={visits} level={level} />
  </NextIntlClientProvider>,
);

describe('"Done without a route" on the route manager', () => {
  it.each(['en', 'fr'] as const)('lists a visit done before any route had it under its own heading, apart from the work to plan (%s)', (locale) => {
    const t = getTranslator(locale, 'routing');
    const html = render(locale, [visit], 3);
    expect(html).toContain(`<h3 class="font-semibold">${t('doneWithoutRouteTitle')}</h3>`);
    expect(html).toContain('Ada Lovell, 12 Locke St S, Hamilton');
    expect(html).not.toContain(t('unassignedTitle'));
  });

  it('is an h2 on a day without routes, and absent when there is nothing done that way', () => {
    expect(render('en', [visit], 2)).toContain('<h2 class="font-semibold">Done without a route</h2>');
    expect(render('en', [], 3)).toBe('');
  });
});

describe('"Not on any route" on the route manager', () => {
  const open = { ...visit, appointment: { ...visit.appointment, status: 'confirmed' } } as DayRoutes['unassigned'][number];
  // The text as a reader gets it: React writes an apostrophe as an entity.
  const renderOpen = (locale: 'en' | 'de', isToday: boolean) => renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['routing'])}>
      <NotOnAnyRoute visits={[open]} isToday={isToday} />
    </NextIntlClientProvider>,
  ).replaceAll('&#x27;', "'");

  it.each(['en', 'de'] as const)('on the day itself points to another Friday or a longer shift, not to optimizing again (%s)', (locale) => {
    const t = getTranslator(locale, 'routing');
    const today = renderOpen(locale, true);
    expect(today).toContain(t('unassignedBodyToday'));
    expect(today).not.toContain(t('unassignedBody'));
    expect(today).toContain('Ada Lovell, 12 Locke St S, Hamilton');
    expect(renderOpen(locale, false)).toContain(t('unassignedBody'));
  });
});

describe('"Outside the current service area" on the route manager (0096)', () => {
  const outside = {
    ...visit,
    appointment: { ...visit.appointment, status: 'confirmed', phone: '905-555-0196' },
    outsideServiceArea: { postalCode: 'L0R 2C4', area: 'Vineland' },
  } as DayRoutes['outsideServiceArea'][number];
  const renderOutside = (locale: 'en' | 'fr', visits: DayRoutes['outsideServiceArea']) => renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['routing', 'serviceAreaAdmin'])}>
      <OutsideServiceArea visits={visits} />
    </NextIntlClientProvider>,
  ).replaceAll('&#x27;', "'");

  it.each(['en', 'fr'] as const)('lists each visit with its code, community and a phone link, and says the plan keeps them (%s)', (locale) => {
    const t = getTranslator(locale, 'serviceAreaAdmin');
    const html = renderOutside(locale, [outside]);
    expect(html).toContain(`<h2 class="font-semibold">${t('outsideArea.title')}</h2>`);
    expect(html).toContain(t('outsideArea.dayBody', { count: 1 }));
    expect(html).toContain(`Ada Lovell, 12 Locke St S, Hamilton. ${t('outsideArea.community', { postalCode: 'L0R 2C4', area: 'Vineland' })}`);
    expect(html).toContain('href="tel:+19055550196"');
  });

  it('says nothing on a Friday without such visits', () => {
    expect(renderOutside('en', [])).toBe('');
  });
});

describe("a route's heading: when the crew is back at the depot (0111)", () => {
  const route = { technicianColor: '#2563eb', appointments: [], totalDistance: 18_600, drivingMinutes: 28, backAtDepot: '15:10' };
  const renderHeading = (locale: 'en' | 'fr', level: 2 | 3) => renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['routing'])}>
      <RouteHeading route={route} name="Crew A" level={level} />
    </NextIntlClientProvider>,
  );

  it.each([['en', 'back at the depot 3:10 PM'], ['fr', 'retour au dépôt à 15\u00a0h\u00a010']] as const)('says it in the route manager, where the crews are compared (%s)', (locale, text) => {
    expect(renderHeading(locale, 3)).toContain(text);
  });

  it('leaves it off the day sheet, which shows one crew', () => {
    expect(renderHeading('en', 2)).not.toContain('back at the depot');
  });
});
