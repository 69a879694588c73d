import { describe, expect, it } from 'vitest';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';
import { buildManageBookingUrl } from '@/features/manage-booking/manage-link';
import { getTranslator } from '@/i18n/messages';
import { LOCALES } from '@/i18n/routing';
import { findGuarantee, listTreatments, renderVisitReportEmail, type ReportVisit, type VisitReportEmailInput } from './visit-report-email';

const NBSP = '\u00a0';
const SITE = 'https://www.example.test';

const visit = (overrides: Partial<ReportVisit> = {}): ReportVisit => ({
  serviceType: 'onetime', includeTick: false, includeTargetedInsects: false, note: null, ...overrides,
});

const input = (overrides: Partial<VisitReportEmailInput> = {}): VisitReportEmailInput => ({
  locale: 'en',
  branch: TEST_EMAIL_BRANCH,
  customerFirstName: 'Olivia',
  bookingRef: 'BK-TEST1234',
  linkGeneration: 0,
  date: '2027-06-11',
  address: { address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5' },
  visits: [visit()],
  nextVisitDate: null,
  siteUrl: SITE,
  ...overrides,
});

describe('renderVisitReportEmail', () => {
  it('tells an English customer the visit is done: the day, the address, what was treated, the drying advice and the one-time guarantee', () => {
    const email = renderVisitReportEmail(input());
    expect(email.subject).toBe('Your visit report for June 11, 2027');
    expect(email.text).toContain('Hi Olivia,');
    expect(email.text).toContain([
      'Date: Friday, June 11, 2027',
      'Service address: 71 Main St W, Hamilton, L8P 4Y5',
      'What we treated: One-Time Treatment',
      'Booking reference: BK-TEST1234',
    ].join('\n'));
    expect(email.text).toContain([
      'After the treatment',
      '- Keep children and pets off the treated areas until the spray has dried, usually 30 to 60 minutes.',
      '- There is no need to water the treated areas.',
    ].join('\n'));
    // The terms' one-time guarantee, with the branch's phone.
    expect(email.text).toContain('If mosquitoes come back, or you are not satisfied with the treatment, call us at (905) 555-0134 within 7 days and we will come back once at no charge.');
    expect(email.html).toContain('<h1 style="font-size:22px;margin:0 0 16px">Your visit is done</h1>');
    // The layout's footer: who sent it and how to reach them.
    expect(email.text).toContain('Escarpment Mosquito & Tick, 1 Hunter St E, Hamilton, ON L8N 3W1');
    // No note, no next visit: neither heading nor link.
    expect(email.text).not.toContain('A note from your technician');
    expect(email.text).not.toContain('Your next visit');
    expect(email.html).not.toContain('/manage-booking/');
  });

  it("carries the technician's note escaped in the HTML, line breaks kept, and as typed in the text part", () => {
    const note = 'Treated the back hedge & under the deck;\n<b>tipped out</b> water in "two" planters';
    const email = renderVisitReportEmail(input({ visits: [visit({ note })] }));
    expect(email.html).toContain('Treated the back hedge &amp; under the deck;<br>&lt;b&gt;tipped out&lt;/b&gt; water in &quot;two&quot; planters');
    expect(email.html).not.toContain('<b>tipped out</b>');
    expect(email.text).toContain(`A note from your technician\n${note}`);
  });

  it('names the next visit of the booking with its "Manage your booking" link, in the customer\'s language', () => {
    const email = renderVisitReportEmail(input({ locale: 'fr', visits: [visit({ serviceType: 'seasonal' })], nextVisitDate: '2027-07-02', linkGeneration: 4 }));
    const url = buildManageBookingUrl('fr', { bookingRef: 'BK-TEST1234', generation: 4 }, SITE);
    expect(email.text).toContain(`Votre prochaine visite${NBSP}: vendredi 2 juillet 2027.`);
    expect(email.text).toContain(url);
    expect(email.html).toContain(`href="${url}"`);
    expect(email.html).toContain('Gérer votre réservation');
  });

  it('lists the add-ons as the booking emails name them, and the standing-water visit once', () => {
    expect(listTreatments([visit({ serviceType: 'seasonal', includeTick: true, includeTargetedInsects: true })], 'en'))
      .toEqual(['Seasonal Mosquito Protection', 'Tick control add-on', 'Targeted insect (standing water) treatment']);
    // A one-time treatment with its standing-water visit (one report for the Friday, 0011).
    expect(listTreatments([visit({ includeTargetedInsects: true }), visit({ serviceType: 'standingwater', includeTargetedInsects: true })], 'en'))
      .toEqual(['One-Time Treatment', 'Standing Water Treatment']);
    expect(listTreatments([visit({ serviceType: 'tick-seasonal', includeTick: true })], 'de')).toEqual(['Saisonaler Zeckenschutz']);
    const email = renderVisitReportEmail(input({ visits: [visit({ includeTick: true, note: 'Front beds' }), visit({ serviceType: 'standingwater', note: 'Two rain barrels' })] }));
    expect(email.text).toContain('What we treated: One-Time Treatment, Standing Water Treatment, Tick control add-on');
    // Each visit's note, in visit order; ticks named in the guarantee.
    expect(email.text).toContain('A note from your technician\nFront beds\n\nTwo rain barrels');
    expect(email.text).toContain('If mosquitoes or ticks come back, or you are not satisfied');
  });

  it("states the seasonal plan's guarantee as the terms do, with heavy rain; a tick plan's re-treatments for ticks", () => {
    expect(findGuarantee([visit({ serviceType: 'seasonal' })])).toEqual({ kind: 'seasonal', pests: 'mosquitoes' });
    expect(findGuarantee([visit({ serviceType: 'seasonal', includeTick: true })])).toEqual({ kind: 'seasonal', pests: 'both' });
    expect(findGuarantee([visit({ serviceType: 'tick-seasonal' })])).toEqual({ kind: 'tickSeasonal', pests: 'ticks' });
    expect(renderVisitReportEmail(input({ visits: [visit({ serviceType: 'seasonal' })] })).text).toContain(
      'If mosquitoes come back between visits, call us at (905) 555-0134 and we will re-treat your property free of charge: your seasonal plan includes free re-treatments for the whole season. After heavy rain, you can ask for a free re-treatment within 24 hours of the rain.',
    );
    const tick = renderVisitReportEmail(input({ visits: [visit({ serviceType: 'tick-seasonal' })] })).text;
    expect(tick).toContain('If ticks come back\nIf ticks come back between visits, call us at (905) 555-0134: your seasonal plan includes free re-treatments for the whole season.');
    expect(tick).not.toContain('mosquitoes');
  });

  it('gives no drying advice for a standing-water visit alone, and refuses to report a consultation', () => {
    expect(renderVisitReportEmail(input({ visits: [visit({ serviceType: 'standingwater' })] })).text).not.toContain('After the treatment');
    expect(() => renderVisitReportEmail(input({ visits: [visit({ serviceType: 'consult' })] }))).toThrow();
  });

  it.each(LOCALES)('is written in %s from its own messages, every key found', (locale) => {
    const email = renderVisitReportEmail(input({ locale, visits: [visit({ serviceType: 'seasonal', includeTick: true, note: 'Hedge' })], nextVisitDate: '2027-07-02' }));
    const t = getTranslator(locale, 'visitReport');
    expect(email.html).toContain(`<html lang="${locale}">`);
    for (const key of ['heading', 'intro', 'note.heading', 'aftercare.dry', 'aftercare.water', 'signoff']) expect(email.text).toContain(t(key));
    // A key the translator could not find comes back as its path.
    expect(`${email.subject}\n${email.text}`).not.toMatch(/visitReport\.|booking\.services|pricing\.lines|manageBooking\./);
    if (locale !== 'en') expect(email.text).not.toContain('Your visit is done');
  });

  it('reports a free re-treatment as one (0047), with its plan\'s guarantee and add-ons', () => {
    const email = renderVisitReportEmail(input({ visits: [visit({ serviceType: 'seasonal', kind: 'retreatment', includeTick: true })] }));
    expect(email.text).toContain('What we treated: Free re-treatment');
    expect(email.text).toContain('your seasonal plan includes free re-treatments for the whole season');
    expect(listTreatments([visit({ serviceType: 'seasonal', kind: 'retreatment', includeTick: true })], 'es')).toEqual([
      'Repetición gratuita del tratamiento', getTranslator('es', 'pricing')('lines.tick-addon'),
    ]);
  });
});
