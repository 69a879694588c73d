import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { pickMessages } from '@/i18n/messages';
import type { RouteStop } from '../route.service';

export const FRIDAY = '2027-06-11';

/** Olivia Tremblay's one-time visit as the day sheet holds it; `visit` overrides the visit's fields. */
export function makeStop(status: string, date = FRIDAY, visit: Partial<RouteStop['appointment']> = {}): RouteStop {
  return {
    position: 1, eta: '09:00', legDistanceM: null, legDurationMin: null,
    appointment: {
      id: 7, date, status, serviceType: 'onetime', time: '09:00', address: '12 King St W', city: 'Hamilton', phone: null, notes: null, visitNote: null,
      notTreatedReason: null, notTreatedNote: null, notTreatedAt: null, notTreatedBy: null, ...visit,
    } as RouteStop['appointment'],
    customer: { firstName: 'Olivia', lastName: 'Tremblay', phone: '(905) 555-0177' } as RouteStop['customer'],
  };
}

/** The markup of a day sheet piece in `locale`, with the routing and record messages and the branch's time zone. */
export function render(locale: 'en' | 'es' | 'fr' | 'de', node: ReactNode) {
  return renderToStaticMarkup(<NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['routing', 'applicationRecords'])}>{node}</NextIntlClientProvider>);
}
