import { describe, expect, it } from 'vitest';
import { getTranslator } from '@/i18n/messages';
import { RouteStopList } from './route-stop-list';
import { FRIDAY, makeStop, render } from './route-stop.test-support';
import { StopNotTreatedButton } from './stop-not-treated-button';

const GATE_LOCKED = { notTreatedReason: 'no-access', notTreatedNote: 'Padlock on the side gate', notTreatedAt: new Date('2027-06-11T14:05:00.000Z'), notTreatedBy: 'Crew A' } as const;

const noop = () => {};

describe('StopNotTreatedButton (0085)', () => {
  it.each(['en', 'es'] as const)('offers "Couldn\'t treat" on an open stop on its day, as a dialog, named after the customer (%s)', (locale) => {
    const t = getTranslator(locale, 'routing');
    const html = render(locale, <StopNotTreatedButton stop={makeStop('confirmed')} today={FRIDAY} onMark={noop} />);
    expect(html).toContain(`aria-label="${t('notTreated.buttonFor', { name: 'Olivia Tremblay' }).replaceAll("'", '&#x27;')}"`);
    expect(html).toContain('aria-haspopup="dialog"');
  });

  it('offers its Undo once the stop is marked', () => {
    const html = render('en', <StopNotTreatedButton stop={makeStop('confirmed', FRIDAY, GATE_LOCKED)} today={FRIDAY} onMark={noop} />);
    expect(html).toContain('aria-label="Undo Couldn&#x27;t treat for Olivia Tremblay"');
    expect(html).not.toContain('aria-haspopup');
  });

  it("offers nothing on next Friday's stop, a done stop or an unpaid hold", () => {
    expect(render('en', <StopNotTreatedButton stop={makeStop('confirmed', '2027-06-18')} today={FRIDAY} onMark={noop} />)).toBe('');
    expect(render('en', <StopNotTreatedButton stop={makeStop('completed')} today={FRIDAY} onMark={noop} />)).toBe('');
    expect(render('en', <StopNotTreatedButton stop={makeStop('pending-payment')} today={FRIDAY} onMark={noop} />)).toBe('');
  });
});

describe('RouteStopList with a stop not treated', () => {
  it('says why, who and when, with the note, on the route manager and the day sheet', () => {
    const html = render('en', <RouteStopList stops={[makeStop('confirmed', FRIDAY, GATE_LOCKED)]} color="#2563eb" label="Crew A" />);
    expect(html).toContain('Not treated: Gate locked or no access');
    expect(html).toContain('Crew A, Jun 11, 2027, 10:05 AM');
    expect(html).toContain('Padlock on the side gate');
    expect(render('en', <RouteStopList stops={[makeStop('confirmed')]} color="#2563eb" label="Crew A" />)).not.toContain('Not treated');
  });
});
