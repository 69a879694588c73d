import { describe, expect, it } from 'vitest';
import { formatLongDate } from '@/lib/format';
import { buildVisitCalendarEvent, buildVisitCalendarUid, calendarSequenceAt } from './visit-calendar';
import { renderVisitMovedEmail, type VisitMovedEmailInput } from './visit-moved-email';
import { TEST_EMAIL_BRANCH } from './email-test-branch';

const { settings: _settings, ...branch } = TEST_EMAIL_BRANCH;

const input = (overrides: Partial<VisitMovedEmailInput> = {}): VisitMovedEmailInput => ({
  locale: 'en',
  branch,
  change: 'moved',
  customerFirstName: 'Olivia',
  bookingRef: 'BK-TEST1234',
  linkGeneration: 0,
  previousDate: '2027-05-07',
  visits: [{ id: 41, bookingRef: 'BK-TEST1234', serviceType: 'onetime', date: '2027-05-21', time: '09:00' }],
  address: { address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5' },
  hasOtherVisits: false,
  calendarSequence: 29_000_000,
  ...overrides,
});

/** The unfolded lines of an .ics file. */
const icsLines = (content: string) => content.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);

describe('renderVisitMovedEmail', () => {
  it('tells an English customer the old and new Friday, the service, the address and whom to call', () => {
    const email = renderVisitMovedEmail(input());
    expect(email.subject).toBe('New date for your visit: Friday, May 21, 2027');
    expect(email.text).toContain('Hi Olivia,');
    expect(email.text).toContain('We have moved your visit to another Friday.');
    // The booking's 09:00 is no promise (the route planner serves it any time of the day): the customer is told the window.
    expect(email.text).toContain('Previous date: Friday, May 7, 2027\nNew date: Friday, May 21, 2027\nArrival time: between 8:00 AM and 6:00 PM\nService: One-Time Treatment\nService address: 71 Main St W, Hamilton, L8P 4Y5\nBooking reference: BK-TEST1234');
    expect(email.html).toContain('between 8:00 AM and 6:00 PM');
    expect(email.text).toContain('If this date does not suit you, call us at (905) 555-0134 or reply to this email');
    expect(email.text).not.toContain('other visits');
    // The shared layout: branch name and phone, the language of the email.
    expect(email.html).toContain('<html lang="en">');
    expect(email.html).toContain('Escarpment Mosquito &amp; Tick');
    expect(email.html).toContain('(905) 555-0134');
    expect(email.html).toContain('Friday, May 21, 2027');
  });

  it('confirms a move the customer made on their booking\'s page, without offering to find another Friday', () => {
    const email = renderVisitMovedEmail(input({ change: 'rescheduled' }));
    expect(email.text).toContain('As you asked on your booking\'s page, your visit is now on another Friday.');
    expect(email.text).not.toContain('We have moved your visit');
    expect(email.text).not.toContain('If this date does not suit you');
    expect(email.text).toContain('Previous date: Friday, May 7, 2027\nNew date: Friday, May 21, 2027');
    expect(email.text).toContain('move a visit again');
  });

  it('sends the visit\'s calendar event again under the receipt\'s UID with a higher SEQUENCE', () => {
    const email = renderVisitMovedEmail(input());
    expect(email.attachments).toHaveLength(1);
    const [ics] = email.attachments;
    expect(ics).toMatchObject({ filename: 'appointment.ics', contentType: expect.stringContaining('text/calendar') });
    const lines = icsLines(ics!.content);
    expect(lines).toContain(`UID:${buildVisitCalendarUid('BK-TEST1234', 41)}`);
    expect(lines).toContain('UID:BK-TEST1234-41@escarpmentmosquito.ca');
    expect(lines).toContain('SEQUENCE:29000000');
    // The event spans the arrival window, 08:00 to 18:00 in Toronto (EDT), not a 09:00 slot.
    expect(lines).toContain('DTSTART:20270521T120000Z');
    expect(lines).toContain('DURATION:PT10H');

    // The receipt's copy of the same event: same UID and title, no SEQUENCE (0).
    const receipt = icsLines(buildVisitCalendarEvent({ locale: 'en', branch, visit: input().visits[0]!, location: '71 Main St W, Hamilton, L8P 4Y5' }).content);
    expect(receipt).toContain('UID:BK-TEST1234-41@escarpmentmosquito.ca');
    expect(receipt.some((l) => l.startsWith('SEQUENCE:'))).toBe(false);
    const summary = (l: string[]) => l.find((x) => x.startsWith('SUMMARY:'));
    expect(summary(lines)).toBe(summary(receipt));
  });

  it('writes French for a paid visit given its first Friday: no-break spaces, the shared date format', () => {
    const email = renderVisitMovedEmail(input({
      locale: 'fr',
      change: 'new-date',
      previousDate: '2027-09-24',
      visits: [
        { id: 7, bookingRef: 'BK-TEST1234', serviceType: 'onetime', date: '2027-10-01', time: '09:00' },
        { id: 8, bookingRef: 'BK-TEST1234', serviceType: 'standingwater', date: '2027-10-01', time: '09:00' },
      ],
    }));
    const newDate = formatLongDate('2027-10-01', 'fr');
    expect(newDate).toMatch(/^vendredi 1/);
    expect(email.subject).toBe(`Nouvelle date pour votre visite\u00a0: ${newDate}`);
    expect(email.text).toContain('Bonjour Olivia,');
    expect(email.text).toContain('Bonne nouvelle\u00a0: votre visite a maintenant son vendredi.');
    expect(email.text).toContain(`Date choisie au départ\u00a0: ${formatLongDate('2027-09-24', 'fr')}\nNouvelle date\u00a0: ${newDate}`);
    expect(email.text).toContain('Prestation\u00a0: Traitement unique, Traitement des eaux stagnantes');
    expect(email.text).toContain('Appelez-nous au (905) 555-0134 ou répondez à ce courriel');
    expect(email.text).not.toMatch(/\S[:?!](\s|$)/);
    expect(email.html).toContain('<html lang="fr">');
    // One event per visit that moved, each under its own UID.
    expect(email.attachments.map((a) => a.filename)).toEqual(['visit-1.ics', 'visit-2.ics']);
    expect(email.attachments.map((a) => icsLines(a.content).find((l) => l.startsWith('UID:')))).toEqual([
      'UID:BK-TEST1234-7@escarpmentmosquito.ca',
      'UID:BK-TEST1234-8@escarpmentmosquito.ca',
    ]);
  });

  it.each([
    ['es', 'Nueva fecha para su visita: viernes, 21 de mayo de 2027', 'Fecha anterior: viernes, 7 de mayo de 2027', 'Las fechas de sus demás visitas no cambian.'],
    ['de', 'Neuer Termin für Ihren Besuch: Freitag, 21. Mai 2027', 'Bisheriger Termin: Freitag, 7. Mai 2027', 'Die Termine Ihrer übrigen Besuche bleiben unverändert.'],
  ] as const)('writes %s, and says the other visits of a plan keep their dates', (locale, subject, previous, others) => {
    const email = renderVisitMovedEmail(input({ locale, hasOtherVisits: true, visits: [{ id: 3, bookingRef: 'BK-TEST1234', serviceType: 'seasonal', date: '2027-05-21', time: '09:00' }] }));
    expect(email.subject).toBe(subject);
    expect(email.text).toContain(previous);
    expect(email.text).toContain(others);
    expect(email.text).toContain('(905) 555-0134');
    expect(email.html).toContain(`<html lang="${locale}">`);
  });

  it.each([
    ['en', 'Heavy rain is forecast for Friday, May 7, 2027, and our barrier spray needs dry weather to work, so we have moved your visit to another Friday.'],
    ['es', 'Se pronostican lluvias fuertes para el viernes, 7 de mayo de 2027, y nuestro tratamiento de barrera necesita tiempo seco'],
    ['fr', 'De fortes pluies sont annoncées pour le vendredi 7 mai 2027, et notre traitement barrière a besoin d’un temps sec pour agir.'],
    ['de', 'für Freitag, 7. Mai 2027 ist starker Regen vorhergesagt, und unsere Barrierebehandlung wirkt nur bei trockenem Wetter.'],
  ] as const)('in %s, says a rain-day move is because of the weather forecast for the old Friday', (locale, line) => {
    const email = renderVisitMovedEmail(input({ locale, reason: 'weather' }));
    expect(email.text).toContain(line);
    expect(email.html).toContain(line);
    // Without a reason, the plain wording: no weather is mentioned.
    expect(renderVisitMovedEmail(input({ locale })).text).not.toContain(line);
  });

  it("takes the arrival window from the branch's working day, and a time staff set as an hour either side of it", () => {
    const branchRow = { ...branch, settings: { dayStartMin: 7 * 60, dayEndMin: 16 * 60 } };
    const allDay = renderVisitMovedEmail(input({ branch: branchRow }));
    expect(allDay.text).toContain('Arrival time: between 7:00 AM and 4:00 PM');
    expect(icsLines(allDay.attachments[0]!.content)).toContain('DTSTART:20270521T110000Z');

    const set = renderVisitMovedEmail(input({ locale: 'de', branch: branchRow, visits: [{ id: 41, bookingRef: 'BK-TEST1234', serviceType: 'onetime', date: '2027-05-21', time: '13:30' }] }));
    expect(set.text).toContain('Ankunftszeit: zwischen 12:30 und 14:30 Uhr');
    const lines = icsLines(set.attachments[0]!.content);
    expect(lines).toContain('DTSTART:20270521T163000Z');
    expect(lines).toContain('DURATION:PT2H');
  });

  it('escapes what the customer typed', () => {
    const email = renderVisitMovedEmail(input({ customerFirstName: '<b>Olivia</b>', address: { address: '1 "A" & B St', city: 'Hamilton', postalCode: null } }));
    expect(email.html).toContain('&lt;b&gt;Olivia&lt;/b&gt;');
    expect(email.html).toContain('1 &quot;A&quot; &amp; B St, Hamilton');
    expect(email.html).not.toContain('<b>Olivia');
  });
});

describe('calendarSequenceAt', () => {
  it('grows with time, starts above the receipt\'s 0 and fits iCalendar\'s 32-bit integer for decades', () => {
    const first = calendarSequenceAt(new Date('2026-11-24T15:00:00Z'));
    const second = calendarSequenceAt(new Date('2026-11-24T15:00:01Z'));
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(calendarSequenceAt(new Date('2025-06-01T00:00:00Z'))).toBe(1);
    expect(calendarSequenceAt(new Date('2090-01-01T00:00:00Z'))).toBeLessThan(2 ** 31);
  });
});
