import { describe, expect, it } from 'vitest';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';
import { buildManageBookingUrl, carryCurrentLink, readManageToken } from '@/features/manage-booking/manage-link';
import { decideRetreatment, type EligibilityVisit } from '@/features/retreatments/retreatment-eligibility';
import { formatLabelled } from '@/features/email/email-layout';
import { getTranslator } from '@/i18n/messages';
import { LOCALES } from '@/i18n/routing';
import { formatLongDate } from '@/lib/format';
import { findGuarantee, listAddOnsDone, listTreatments, renderVisitReportEmail, type ReportVisit, type VisitReportEmailInput } from './visit-report-email';

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
  retreatment: { kind: 'none' },
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

  it('names each product applied with its registration number and amount, in the customer\'s language, and no section when nothing was recorded (0110)', () => {
    const applied = [
      { productName: 'Demo Barrier Concentrate', pcpNumber: '99901', amountHundredths: 1250, unit: 'ml-concentrate' as const },
      { productName: 'Demo Larvicide Granules', pcpNumber: '99903', amountHundredths: 4000, unit: 'g' as const },
    ];
    const en = renderVisitReportEmail(input({ visits: [visit({ applied: applied.slice(0, 1) }), visit({ serviceType: 'standingwater', applied: applied.slice(1) })] }));
    expect(en.text).toContain('Products applied\n- Demo Barrier Concentrate (PCP 99901): 12.5 mL of concentrate\n- Demo Larvicide Granules (PCP 99903): 40 g');
    expect(en.html).toContain('<li style="margin:0 0 4px">Demo Barrier Concentrate (PCP 99901): 12.5 mL of concentrate</li>');
    const es = renderVisitReportEmail(input({ locale: 'es', visits: [visit({ applied })] }));
    expect(es.text).toContain('Productos aplicados\n- Demo Barrier Concentrate (registro PCP 99901): 12,5 mL de concentrado');
    const de = renderVisitReportEmail(input({ locale: 'de', visits: [visit({ applied })] }));
    expect(de.text).toContain('Ausgebrachte Mittel\n- Demo Barrier Concentrate (PCP-Nr. 99901): 12,5 mL Konzentrat');
    expect(renderVisitReportEmail(input()).text).not.toContain('Products applied');
  });

  it('names the next visit of the booking with its "Manage your booking" link, in the customer\'s language', () => {
    const email = renderVisitReportEmail(input({ locale: 'fr', visits: [visit({ serviceType: 'seasonal' })], nextVisitDate: '2027-07-02', linkGeneration: 4 }));
    const url = buildManageBookingUrl('fr', { bookingRef: 'BK-TEST1234', generation: 4 }, SITE);
    expect(email.text).toContain(`Votre prochaine visite${NBSP}: vendredi 2 juillet 2027.`);
    expect(email.text).toContain(url);
    expect(email.html).toContain(`href="${url}"`);
    expect(email.html).toContain('Gérer votre réservation');
  });

  it('names the services as the booking emails do, and the add-ons as the receipt does', () => {
    expect(listTreatments([visit({ serviceType: 'seasonal', includeTick: true, includeTargetedInsects: true })], 'en')).toEqual(['Seasonal Mosquito Protection']);
    expect(listAddOnsDone([visit({ serviceType: 'seasonal', visitNumber: 2, includeTick: true, includeTargetedInsects: true })], 'en'))
      .toEqual(['Tick control add-on', 'Targeted insect (standing water) treatment']);
    // A one-time treatment with its standing-water visit (one report for the Friday, 0011): the add-on is that visit.
    const withStandingWater = [visit({ visitNumber: 1, includeTargetedInsects: true }), visit({ serviceType: 'standingwater', visitNumber: 2, includeTargetedInsects: true })];
    expect(listTreatments(withStandingWater, 'en')).toEqual(['One-Time Treatment', 'Standing Water Treatment']);
    expect(listAddOnsDone(withStandingWater, 'en')).toEqual([]);
    expect(listTreatments([visit({ serviceType: 'tick-seasonal', includeTick: true })], 'de')).toEqual(['Saisonaler Zeckenschutz']);
    expect(listAddOnsDone([visit({ serviceType: 'tick-seasonal', includeTick: true })], 'de')).toEqual([]);
    const email = renderVisitReportEmail(input({ visits: [visit({ includeTick: true, note: 'Front beds' }), visit({ serviceType: 'standingwater', note: 'Two rain barrels' })] }));
    expect(email.text).toContain('What we treated: One-Time Treatment, Standing Water Treatment\nAlso done: Tick control add-on\n');
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
    expect(email.text).toContain('What we treated: Free re-treatment\nAlso done: Tick control add-on\n');
    expect(email.text).toContain('your seasonal plan includes free re-treatments for the whole season');
    expect(listTreatments([visit({ serviceType: 'seasonal', kind: 'retreatment', includeTick: true })], 'es')).toEqual(['Repetición gratuita del tratamiento']);
    expect(listAddOnsDone([visit({ serviceType: 'seasonal', kind: 'retreatment', includeTick: true })], 'es')).toEqual([getTranslator('es', 'pricing')('lines.tick-addon')]);
  });

  it("does not promise a one-time treatment's free return on the report of that return: it says it was given", () => {
    const returned = [visit({ kind: 'retreatment' })];
    expect(findGuarantee(returned).kind).toBe('onetimeReturned');
    expect(findGuarantee([visit(), visit({ kind: 'retreatment' })]).kind).toBe('onetime');
    for (const locale of LOCALES) {
      const t = getTranslator(locale, 'visitReport');
      const email = renderVisitReportEmail(input({ locale, visits: returned }));
      const promise = t('guarantee.onetime', { pests: 'mosquitoes', phone: TEST_EMAIL_BRANCH.phone });
      expect(email.text, locale).not.toContain(promise);
      expect(email.text, locale).toContain(`${t('guarantee.returnedHeading')}\n${t('guarantee.onetimeReturned', { phone: TEST_EMAIL_BRANCH.phone })}`);
      expect(email.html, locale).toContain(TEST_EMAIL_BRANCH.phone);
    }
  });

  it("lists the extras the booking bought, done at its first visit, in the customer's words, in both parts (0065)", () => {
    const firstVisit = [
      visit({ visitNumber: 1, includeTick: true, includeTargetedInsects: true, extras: ['natural-barrier', 'breeding-site-inspection', 'standing-water-larvicide'] }),
      visit({ serviceType: 'standingwater', visitNumber: 2, includeTick: true, includeTargetedInsects: true, extras: ['natural-barrier', 'breeding-site-inspection', 'standing-water-larvicide'] }),
    ];
    const email = renderVisitReportEmail(input({ visits: firstVisit }));
    // The price table's order, each once, though both visits of the day carry the booking's extras.
    const done = 'Tick control add-on, Breeding site inspection, Standing water larvicide, Natural barrier with repelling plants';
    expect(email.text).toContain(`What we treated: One-Time Treatment, Standing Water Treatment\nAlso done: ${done}\nBooking reference: BK-TEST1234`);
    expect(email.html).toContain(`Also done:</td><td style="padding:4px 0">${done}</td>`);
    // In French, with the receipt's names and the French colon.
    const fr = renderVisitReportEmail(input({ locale: 'fr', visits: firstVisit }));
    expect(fr.text).toContain(`Options effectuées${NBSP}: Option anti-tiques, Inspection des sites de reproduction, Larvicide pour eaux stagnantes, Barrière naturelle de plantes répulsives`);
    // A plan's later visit does not do the extras again; a visit with none says nothing more.
    expect(renderVisitReportEmail(input({ visits: [visit({ serviceType: 'seasonal', visitNumber: 3, extras: ['natural-barrier'] })] })).text).not.toContain('Also done');
    expect(renderVisitReportEmail(input({ visits: [visit({ visitNumber: 1, extras: [] })] })).text).not.toContain('Also done');
  });

  it.each(LOCALES)('names the add-ons done in %s from the pricing lines, every key found', (locale) => {
    const tPricing = getTranslator(locale, 'pricing');
    expect(listAddOnsDone([visit({ serviceType: 'seasonal', visitNumber: 1, includeTick: true, includeTargetedInsects: true, extras: ['breeding-site-inspection'] })], locale)).toEqual([
      tPricing('lines.tick-addon'), tPricing('lines.targeted-insects-addon'), tPricing('lines.breeding-site-inspection'),
    ]);
    const email = renderVisitReportEmail(input({ locale, visits: [visit({ visitNumber: 1, extras: ['natural-barrier'] })] }));
    expect(email.text).toContain(formatLabelled(locale, getTranslator(locale, 'visitReport')('facts.addOns'), tPricing('lines.natural-barrier')));
  });
});

describe('the re-treatment link of the visit report (0065)', () => {
  const TZ = 'America/Toronto';
  /** The Friday's visits as the booking holds them once marked done, at 3 PM in Hamilton that day. */
  const decide = (visits: EligibilityVisit[], now = new Date('2027-06-11T19:00:00Z')) => decideRetreatment({ visits, requests: [], now, timezone: TZ });
  const oneTimeDone: EligibilityVisit = { serviceType: 'onetime', kind: 'scheduled', status: 'completed', date: '2027-06-11', visitNumber: 1 };
  const requestUrl = (locale: string, generation = 0) => `${buildManageBookingUrl(locale, { bookingRef: 'BK-TEST1234', generation }, SITE)}#free-retreatment`;

  it("links a one-time treatment's customer to their own request, saying until when: 7 days after the Friday", () => {
    const retreatment = decide([oneTimeDone]);
    expect(retreatment).toMatchObject({ kind: 'eligible', until: '2027-06-18' });
    const email = renderVisitReportEmail(input({ retreatment, linkGeneration: 3 }));
    const url = requestUrl('en', 3);
    expect(email.text).toContain(`If mosquitoes come back\nIf mosquitoes come back, or you are not satisfied with the treatment, call us at (905) 555-0134 within 7 days and we will come back once at no charge.\n\nYou can also ask for your free re-treatment online until Friday, June 18, 2027.\n${url}\n`);
    expect(email.html).toContain('You can also ask for your free re-treatment online until Friday, June 18, 2027.<br><a href="');
    expect(email.html).toContain(`href="${url}"`);
    expect(email.html).toContain('>Request a free re-treatment</a>');
    // The link is the booking's private one (0032), in its current generation (0050): the page opens it.
    const token = new URL(url).pathname.split('/').at(-1)!;
    expect(readManageToken(token)).toEqual({ bookingRef: 'BK-TEST1234', generation: 3 });
    // Still waiting when the office replaces the link, the report is rewritten to the new one (0056), at the same section.
    expect(carryCurrentLink(email.text, { bookingRef: 'BK-TEST1234', generation: 4 })).toContain(`${requestUrl('en', 4)}\n`);
  });

  it("gives a seasonal plan's last day: 21 days after the plan's last Friday", () => {
    const plan: EligibilityVisit[] = ['2027-06-11', '2027-07-02', '2027-07-23'].map((date, i) => ({ serviceType: 'seasonal', kind: 'scheduled', status: i === 0 ? 'completed' : 'confirmed', date, visitNumber: i + 1 }));
    const email = renderVisitReportEmail(input({ visits: [visit({ serviceType: 'seasonal' })], nextVisitDate: '2027-07-02', retreatment: decide(plan) }));
    expect(email.text).toContain(`You can also ask for your free re-treatment online until Friday, August 13, 2027.\n${requestUrl('en')}`);
  });

  it.each(LOCALES)('is written in %s, with the date in its words and the page in its language', (locale) => {
    const email = renderVisitReportEmail(input({ locale, retreatment: decide([oneTimeDone]) }));
    const line = getTranslator(locale, 'visitReport')('retreatment.online', { date: formatLongDate('2027-06-18', locale) });
    expect(email.text).toContain(`${line}\n${requestUrl(locale)}`);
    expect(email.html).toContain(`href="${requestUrl(locale)}"`);
    expect(email.html).toContain(`>${getTranslator(locale, 'retreatments')('manage.button')}</a>`);
    expect(`${email.text}\n${email.html}`).not.toMatch(/visitReport\.|retreatments\.manage/);
  });

  it('links the request only while the guarantee can be claimed: never for a consultation, after the window, once used or once cancelled', () => {
    const scenarios: [string, ReturnType<typeof decide>, boolean][] = [
      ['a one-time treatment done today', decide([oneTimeDone]), true],
      ['its last day', decide([oneTimeDone], new Date('2027-06-19T03:59:00Z')), true],
      ['nothing the guarantee covers carried out (a consultation)', decide([{ ...oneTimeDone, serviceType: 'consult' }]), false],
      ['the one-time window over (the visit marked done 8 days late)', decide([oneTimeDone], new Date('2027-06-19T16:00:00Z')), false],
      ["the one free return used (the re-treatment's own report)", decide([oneTimeDone, { ...oneTimeDone, kind: 'retreatment', date: '2027-06-18', visitNumber: 2 }], new Date('2027-06-18T19:00:00Z')), false],
      ['the booking cancelled', decide([oneTimeDone, { ...oneTimeDone, serviceType: 'standingwater', status: 'cancelled', visitNumber: 2 }]), false],
    ];
    for (const [name, retreatment, linked] of scenarios) {
      const email = renderVisitReportEmail(input({ retreatment }));
      expect({ name, text: email.text.includes(`${requestUrl('en')}\n`), html: email.html.includes(`href="${requestUrl('en')}"`), button: email.html.includes('>Request a free re-treatment</a>') })
        .toEqual({ name, text: linked, html: linked, button: linked });
      expect({ name, line: email.text.includes('You can also ask for your free re-treatment online until') }).toEqual({ name, line: linked });
      // The guarantee's words stay either way: the phone is always an answer.
      expect(email.text).toContain('call us at (905) 555-0134');
    }
  });
});

describe('a re-treatment request already open when the report goes (0077)', () => {
  const TZ = 'America/Toronto';
  const oneTimeDone: EligibilityVisit = { serviceType: 'onetime', kind: 'scheduled', status: 'completed', date: '2027-06-11', visitNumber: 1 };
  // Sent at 10:30 PM on Friday in Hamilton, already Saturday in UTC: the customer's day is the Friday.
  const open = (visits: EligibilityVisit[]) => decideRetreatment({
    visits, requests: [{ id: 7, status: 'open', createdAt: new Date('2027-06-12T02:30:00Z') }], now: new Date('2027-06-18T19:00:00Z'), timezone: TZ,
  });
  const pageUrl = (locale: string) => `${buildManageBookingUrl(locale, { bookingRef: 'BK-TEST1234', generation: 2 }, SITE)}#free-retreatment`;

  it.each(LOCALES)('is named in %s with the day it was sent, and no other is invited: the page to see or withdraw it is linked', (locale) => {
    const retreatment = open([oneTimeDone, { ...oneTimeDone, serviceType: 'standingwater', status: 'completed', date: '2027-06-18', visitNumber: 2 }]);
    expect(retreatment.kind).toBe('requested');
    const email = renderVisitReportEmail(input({ locale, visits: [visit({ serviceType: 'standingwater', visitNumber: 2 })], date: '2027-06-18', retreatment, linkGeneration: 2 }));
    const t = getTranslator(locale, 'visitReport');
    const said = t('guarantee.requested', { date: formatLongDate('2027-06-11', locale) });
    expect(email.text).toContain(`${t('guarantee.requestedHeading')}\n${said}\n\n${t('retreatment.withdraw')}\n${pageUrl(locale)}\n`);
    expect(email.html).toContain(`href="${pageUrl(locale)}"`);
    expect(email.html).toContain(`>${t('retreatment.seeRequest')}</a>`);
    // Not the one-time promise to come back, nor the online request or its button.
    expect(email.text).not.toContain(t('guarantee.onetime', { pests: 'mosquitoes', phone: TEST_EMAIL_BRANCH.phone }));
    expect(email.text).not.toContain(t('guarantee.heading', { pests: 'mosquitoes' }));
    expect(email.html).not.toContain(`>${getTranslator(locale, 'retreatments')('manage.button')}</a>`);
    expect(`${email.subject}\n${email.text}`).not.toMatch(/visitReport\./);
  });

  it("replaces a seasonal plan's invitation to call for a re-treatment, heavy rain included", () => {
    const plan: EligibilityVisit[] = ['2027-06-11', '2027-07-02'].map((date, i) => ({ serviceType: 'seasonal', kind: 'scheduled', status: 'completed', date, visitNumber: i + 1 }));
    const email = renderVisitReportEmail(input({ visits: [visit({ serviceType: 'seasonal', visitNumber: 2 })], date: '2027-07-02', retreatment: open(plan) }));
    expect(email.text).toContain('Your re-treatment request\nWe already have the free re-treatment request you sent on Friday, June 11, 2027. Our office will email you with a date for the visit, so there is no need to ask again.');
    expect(email.text).toContain('If this visit has taken care of the problem, you can withdraw the request on your booking\'s page.');
    expect(email.text).not.toContain('we will re-treat your property free of charge');
    expect(email.text).not.toContain('After heavy rain');
    expect(email.text).not.toContain('You can also ask');
  });
});

describe('the pests the guarantee names (0077)', () => {
  it('names ticks only when tick control was done at the visits reported, not whenever the booking bought it', () => {
    // A one-time booking with the tick add-on and standing water: the flag is on both of its visits.
    const treatment = visit({ visitNumber: 1, includeTick: true, includeTargetedInsects: true });
    const standingWater = visit({ serviceType: 'standingwater', visitNumber: 2, includeTick: true, includeTargetedInsects: true });
    expect(findGuarantee([treatment]).pests).toBe('both');
    expect(findGuarantee([treatment, standingWater]).pests).toBe('both');
    // Its standing-water visit reported alone (moved to another Friday): no tick control was done there.
    expect(findGuarantee([standingWater])).toEqual({ kind: 'onetime', pests: 'mosquitoes' });
    const alone = renderVisitReportEmail(input({ visits: [standingWater] }));
    expect(alone.text).toContain('If mosquitoes come back\nIf mosquitoes come back, or you are not satisfied with the treatment');
    expect(alone.text).not.toContain('ticks');
    // A tick plan treats ticks, a seasonal mosquito plan with the add-on both; its free re-treatment too.
    expect(findGuarantee([visit({ serviceType: 'tick-seasonal' })]).pests).toBe('ticks');
    expect(findGuarantee([visit({ serviceType: 'seasonal', visitNumber: 3, includeTick: true })]).pests).toBe('both');
    expect(findGuarantee([visit({ serviceType: 'seasonal', kind: 'retreatment', visitNumber: 6, includeTick: true })]).pests).toBe('both');
  });
});
