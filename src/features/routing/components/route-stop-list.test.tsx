import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getTranslator, pickMessages } from '@/i18n/messages';
import type { RouteStop } from '../route.service';
import { RouteStopList } from './route-stop-list';

function makeStop(id: number, position: number, addedAfterPlanning: boolean): RouteStop {
  return {
    position, eta: '10:15', legDistanceM: 1200, legDurationMin: 2, addedAfterPlanning,
    appointment: { id, date: '2027-06-11', status: 'confirmed', serviceType: 'onetime', time: '09:00', address: `${id} King St W`, city: 'Hamilton', phone: null, notes: null, visitNote: null } as RouteStop['appointment'],
    customer: { firstName: 'Olivia', lastName: `Tremblay ${id}`, phone: '(905) 555-0177' } as RouteStop['customer'],
  };
}

const render = (locale: 'en' | 'es' | 'fr' | 'de', stops: RouteStop[]) => renderToStaticMarkup(
  <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['routing', 'serviceAreaAdmin'])}>
    <RouteStopList stops={stops} color="#2563eb" label="Crew A" />
  </NextIntlClientProvider>,
);

describe('a stop that joined its route after planning (0041)', () => {
  it.each(['en', 'es', 'fr', 'de'] as const)('is marked on its own line, and only it (%s)', (locale) => {
    const badge = getTranslator(locale, 'routing')('addedAfterPlanning');
    const html = render(locale, [makeStop(1, 1, false), makeStop(2, 2, true)]);
    const [first, second] = html.split('data-testid="route-stop"').slice(1);
    expect(first).not.toContain(badge);
    expect(second).toContain(`>${badge}</span>`);
    expect(second).toContain('Tremblay 2');
  });

  it('says what it is in plain words', () => {
    expect(getTranslator('en', 'routing')('addedAfterPlanning')).toBe('Added after planning');
  });
});

describe('what was sold with a stop (0062)', () => {
  const withSale = (stop: RouteStop, sale: Partial<RouteStop['appointment']>): RouteStop => ({ ...stop, appointment: { ...stop.appointment, ...sale } });

  it.each([
    ['en', 'Add-ons: Tick control, Natural barrier with repelling plants', 'Standing Water Treatment'],
    ['es', 'Complementos: Control de garrapatas, Barrera natural con plantas repelentes', 'Tratamiento de agua estancada'],
    ['fr', 'Options\u00A0: Contrôle des tiques, Barrière naturelle de plantes répulsives', 'Traitement des eaux stagnantes'],
    ['de', 'Zusatzleistungen: Zeckenbekämpfung, Natürliche Barriere mit abwehrenden Pflanzen', 'Behandlung von stehendem Wasser'],
  ] as const)('tells the crew the add-ons under the treatment, and names the standing-water stop (%s)', (locale, addOns, standingWater) => {
    const sale = { includeTick: true, includeTargetedInsects: true, extras: ['natural-barrier'] };
    const html = render(locale, [
      withSale(makeStop(1, 1, false), { ...sale, visitNumber: 1 }),
      withSale(makeStop(2, 2, false), { ...sale, visitNumber: 2, serviceType: 'standingwater' }),
      makeStop(3, 3, false),
    ]);
    const [treatment, standing, plain] = html.split('data-testid="route-stop"').slice(1);
    expect(treatment).toContain(`data-testid="stop-add-ons">${addOns}</p>`);
    expect(standing).toContain(`>${standingWater}</span>`);
    expect(standing).not.toContain('stop-add-ons');
    expect(plain).not.toContain('stop-add-ons');
  });
});


describe('a stop whose community is no longer served (0096)', () => {
  it.each([
    ['en', 'Outside the current service area', 'L0R 2C4: Vineland is marked not served.'],
    ['es', 'Fuera de la zona de servicio actual', 'L0R 2C4: Vineland está marcada como no atendida.'],
    ['fr', 'Hors de la zone de service actuelle', 'L0R 2C4\u00A0: Vineland est marqué non desservi.'],
    ['de', 'Außerhalb des aktuellen Servicegebiets', 'L0R 2C4: Vineland ist als nicht bedient markiert.'],
  ] as const)('is flagged with its code and community and what to do, and only it (%s)', (locale, title, line) => {
    const flagged: RouteStop = { ...makeStop(2, 2, false), outsideServiceArea: { postalCode: 'L0R 2C4', area: 'Vineland' } };
    const html = render(locale, [{ ...makeStop(1, 1, false), outsideServiceArea: null }, flagged]);
    const [served, outside] = html.split('data-testid="route-stop"').slice(1);
    expect(served).not.toContain('outside-service-area');
    expect(outside).toContain(`>${title}</span>`);
    expect(outside).toContain(`>${line}</span>`);
    expect(outside).toContain(`>${getTranslator(locale, 'serviceAreaAdmin')('outsideArea.visit')}</span>`);
  });

  it('names the code alone when no row names a community', () => {
    const html = render('en', [{ ...makeStop(1, 1, false), outsideServiceArea: { postalCode: 'M5V 3L9', area: null } }]);
    expect(html).toContain('>M5V 3L9: not in a served postal area.</span>');
  });
});
