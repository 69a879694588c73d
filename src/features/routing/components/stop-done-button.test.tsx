import { describe, expect, it } from 'vitest';
import { getTranslator } from '@/i18n/messages';
import { RouteStopList } from './route-stop-list';
import { FRIDAY, makeStop as makeAnyStop, render } from './route-stop.test-support';
import { describeMarkApplied, StopDoneButton } from './stop-done-button';
import { describeReportLanguage } from './visit-note-dialog';

const makeStop = (status: string, date = FRIDAY, visitNote: string | null = null) => makeAnyStop(status, date, { visitNote });

const noop = () => {};

describe('StopDoneButton', () => {
  it.each(['en', 'fr'] as const)('offers "Mark done" on a confirmed stop on its day, named after the customer, off paper (%s)', (locale) => {
    const t = getTranslator(locale, 'routing');
    const html = render(locale, <StopDoneButton stop={makeStop('confirmed')} today={FRIDAY} onStatus={noop} />);
    expect(html).toContain(`aria-label="${t('markDoneFor', { name: 'Olivia Tremblay' })}"`);
    expect(html).toContain(`>${t('markDone')}</button>`);
    expect(html).toContain('print:hidden');
  });

  it('offers "Undo" on a completed stop', () => {
    const html = render('en', <StopDoneButton stop={makeStop('completed')} today={FRIDAY} onStatus={noop} />);
    expect(html).toContain('aria-label="Undo: Olivia Tremblay"');
  });

  it("offers nothing on next Friday's stop or an unpaid hold", () => {
    expect(render('en', <StopDoneButton stop={makeStop('confirmed', '2027-06-18')} today={FRIDAY} onStatus={noop} />)).toBe('');
    expect(render('en', <StopDoneButton stop={makeStop('pending-payment')} today={FRIDAY} onStatus={noop} />)).toBe('');
  });
});

describe('RouteStopList', () => {
  it('shows a completed stop as done, with no button unless the screen adds one (the route manager does not)', () => {
    const html = render('en', <RouteStopList stops={[makeStop('completed')]} color="#2563eb" label="Crew A" />);
    expect(html).toContain('>Done</span>');
    expect(html).not.toContain('<button');
  });

  it("shows the technician's note to the customer on a done stop, escaped, and not on an open one (0038)", () => {
    const note = 'Back hedge & <deck>';
    const done = render('en', <RouteStopList stops={[makeStop('completed', FRIDAY, note)]} color="#2563eb" label="Crew A" />);
    expect(done).toContain('Note to the customer: Back hedge &amp; &lt;deck&gt;');
    const fr = render('fr', <RouteStopList stops={[makeStop('completed', FRIDAY, note)]} color="#2563eb" label="Crew A" />);
    expect(fr).toContain('Note pour le client\u00a0: Back hedge');
    // Taken back (Undo keeps the note for the next done mark): not shown as if it were done.
    expect(render('en', <RouteStopList stops={[makeStop('confirmed', FRIDAY, note)]} color="#2563eb" label="Crew A" />)).not.toContain('Note to the customer');
  });

  it('names the products applied on a done stop, in the screen\'s language, and not once it is taken back (0110)', () => {
    const applied = [{ productName: 'Demo Barrier Concentrate', pcpNumber: '99901', amountHundredths: 150, unit: 'ml-concentrate' as const }];
    const done = render('fr', <RouteStopList stops={[{ ...makeStop('completed'), applied }]} color="#2563eb" label="Crew A" />);
    expect(done).toContain('Produits appliqués');
    expect(done).toContain('Demo Barrier Concentrate (n° d’homologation 99901)\u00a0: 1,5 mL de concentré');
    expect(render('en', <RouteStopList stops={[{ ...makeStop('confirmed'), applied }]} color="#2563eb" label="Crew A" />)).not.toContain('Products applied');
  });

  it('reads what a done mark recorded as the stop shows it: the product\'s name, number and unit, the amount typed', () => {
    const products = [{ id: 3, name: 'Demo Barrier Concentrate', pcpNumber: '99901', unit: 'ml-concentrate' as const }];
    expect(describeMarkApplied([{ productId: 3, amount: '1,5' }], products)).toEqual([{ productName: 'Demo Barrier Concentrate', pcpNumber: '99901', amountHundredths: 150, unit: 'ml-concentrate' }]);
    expect(describeMarkApplied(undefined, products)).toBeUndefined();
  });

  it('opens the note dialog from "Mark done" (the button says a dialog follows); "Undo" changes at once', () => {
    expect(render('en', <StopDoneButton stop={makeStop('confirmed')} today={FRIDAY} onStatus={noop} />)).toContain('aria-haspopup="dialog"');
    expect(render('en', <StopDoneButton stop={makeStop('completed')} today={FRIDAY} onStatus={noop} />)).not.toContain('aria-haspopup');
  });
});

describe('the "Mark done" sentence on the visit report (0108)', () => {
  const t = (locale: 'en' | 'fr') => (key: string, values: Record<string, string>) => getTranslator(locale, 'routing')(key, values);

  it('names the report\'s language when the screen is in another one', () => {
    expect(describeReportLanguage('fr', 'en', t('fr'))).toBe('Le client recevra par courriel un compte rendu de la visite en anglais, avec votre note telle que vous l’écrivez\u00a0: écrivez-la en anglais si vous le pouvez.');
    expect(describeReportLanguage('en', 'es', t('en'))).toBe('The customer gets a report of the visit by email in Spanish, with your note as you write it: write it in Spanish if you can.');
  });

  it('keeps the usual sentence when they match or the language is not known', () => {
    expect(describeReportLanguage('fr', 'fr', t('fr'))).toBeNull();
    expect(describeReportLanguage('fr', null, t('fr'))).toBeNull();
    expect(describeReportLanguage('fr', undefined, t('fr'))).toBeNull();
  });
});
