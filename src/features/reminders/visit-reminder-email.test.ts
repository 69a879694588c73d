import { describe, expect, it } from 'vitest';
import { formatLongDate } from '@/lib/format';
import { findReminderArrival, renderVisitReminderEmail, type ReminderVisit, type VisitReminderEmailInput } from './visit-reminder-email';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';

const NBSP = '\u00a0';
const branch = TEST_EMAIL_BRANCH;

const visit = (overrides: Partial<ReminderVisit> = {}): ReminderVisit => ({
  bookingRef: 'BK-TEST1234',
  linkGeneration: 0,
  serviceType: 'onetime',
  time: '09:00',
  estimatedArrivalTime: null,
  address: '71 Main St W',
  city: 'Hamilton',
  postalCode: 'L8P 4Y5',
  ...overrides,
});

const input = (overrides: Partial<VisitReminderEmailInput> = {}): VisitReminderEmailInput => ({
  locale: 'en',
  branch,
  customerFirstName: 'Olivia',
  date: '2027-06-11',
  visits: [visit()],
  ...overrides,
});

describe('findReminderArrival', () => {
  it('gives the booked time\'s window while the day has no route: the whole working day for an online booking\'s 09:00', () => {
    expect(findReminderArrival([{ time: '09:00', estimatedArrivalTime: null }])).toEqual({ window: { startMin: 480, endMin: 1080 }, planned: false });
    // A time staff set on purpose: within an hour either side.
    expect(findReminderArrival([{ time: '14:00', estimatedArrivalTime: null }])).toEqual({ window: { startMin: 780, endMin: 900 }, planned: false });
  });

  it('gives an hour either side of the planned route\'s estimate, rounded out to the quarter hour, inside the working day', () => {
    expect(findReminderArrival([{ time: '09:00', estimatedArrivalTime: '10:37' }])).toEqual({ window: { startMin: 570, endMin: 705 }, planned: true });
    expect(findReminderArrival([{ time: '09:00', estimatedArrivalTime: '08:10' }])).toEqual({ window: { startMin: 480, endMin: 555 }, planned: true });
    expect(findReminderArrival([{ time: '09:00', estimatedArrivalTime: '17:30' }])).toEqual({ window: { startMin: 990, endMin: 1080 }, planned: true });
    // Two stops at one address (a treatment and its standing-water visit): the first arrival counts.
    expect(findReminderArrival([{ time: '09:00', estimatedArrivalTime: '13:20' }, { time: '09:00', estimatedArrivalTime: '12:05' }]).window).toEqual({ startMin: 660, endMin: 795 });
  });
});

describe('renderVisitReminderEmail', () => {
  it('tells an English customer the day, the arrival window, the address, the service, how to prepare and whom to call', () => {
    const email = renderVisitReminderEmail(input());
    expect(email.subject).toBe('Reminder: your mosquito treatment is this Friday, June 11, 2027');
    expect(email.text).toContain('Hi Olivia,');
    expect(email.text).toContain([
      'Date: Friday, June 11, 2027',
      'Service address: 71 Main St W, Hamilton, L8P 4Y5',
      'Arrival time: between 8:00 AM and 6:00 PM',
      'Service: One-Time Treatment',
      'Booking reference: BK-TEST1234',
    ].join('\n'));
    expect(email.text).toContain([
      'How to get ready',
      '- Keep children and pets indoors during the treatment and until treated surfaces are dry (usually 30 to 60 minutes).',
      '- Close the windows and doors that face the yard.',
      '- Bring in toys, laundry and pet bowls.',
      '- Unlock your gates, or call or email us the gate code.',
      '- You do not need to be home.',
    ].join('\n'));
    expect(email.text).toContain('If heavy rain is forecast for Friday, we will call you to move your visit to another Friday.');
    expect(email.text).toContain('Need to change the date? Call the office at (905) 555-0134 or email hello@escarpmentmosquito.ca.');
    // The shared layout: language, branch identity with its mailing address, the footer.
    expect(email.html).toContain('<html lang="en">');
    expect(email.html).toContain('Escarpment Mosquito &amp; Tick, 1 Hunter St E, Hamilton, ON L8N 3W1');
    expect(email.text).toContain('Escarpment Mosquito & Tick, 1 Hunter St E, Hamilton, ON L8N 3W1');
  });

  it('puts the same facts and checklist in the HTML part as in the text part', () => {
    const email = renderVisitReminderEmail(input({ visits: [visit({ estimatedArrivalTime: '10:37' })] }));
    for (const part of [
      'Friday, June 11, 2027', '71 Main St W, Hamilton, L8P 4Y5', 'between 9:30 AM and 11:45 AM (estimated from our route plan)',
      'One-Time Treatment', 'BK-TEST1234', 'You do not need to be home.', 'heavy rain', 'hello@escarpmentmosquito.ca',
    ]) {
      expect(email.text).toContain(part);
      expect(email.html).toContain(part);
    }
    expect(email.html).toContain('<li style="margin:0 0 4px">Close the windows and doors that face the yard.</li>');
    expect(email.text).toContain('Arrival time: between 9:30 AM and 11:45 AM (estimated from our route plan)');
  });

  it('escapes what customers typed: their name and address never become markup', () => {
    const email = renderVisitReminderEmail(input({
      customerFirstName: '<img src=x onerror=alert(1)>',
      visits: [visit({ address: '12 "Oak" & <b>Elm</b> St' })],
    }));
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).not.toContain('<b>Elm</b>');
    expect(email.html).toContain('Hi &lt;img src=x onerror=alert(1)&gt;,');
    expect(email.html).toContain('12 &quot;Oak&quot; &amp; &lt;b&gt;Elm&lt;/b&gt; St');
    // The plain-text part is not HTML: it keeps the text as typed.
    expect(email.text).toContain('12 "Oak" & <b>Elm</b> St, Hamilton, L8P 4Y5');
  });

  it('writes French with its typography: no-break spaces before the colon and ? !, the first of the month as 1er', () => {
    const email = renderVisitReminderEmail(input({ locale: 'fr', date: '2027-10-01', visits: [visit({ estimatedArrivalTime: '10:37' })] }));
    const day = formatLongDate('2027-10-01', 'fr');
    expect(day).toBe('vendredi 1er octobre 2027');
    expect(email.subject).toBe(`Rappel${NBSP}: votre traitement contre les moustiques a lieu ce vendredi 1er octobre 2027`);
    expect(email.html).toContain('<html lang="fr">');
    expect(email.text).toContain('Bonjour Olivia,');
    expect(email.text).toContain(`Jour${NBSP}: ${day}`);
    expect(email.text).toContain(`Heure d’arrivée${NBSP}: entre 9${NBSP}h${NBSP}30 et 11${NBSP}h${NBSP}45 (estimation selon notre tournée planifiée)`);
    expect(email.text).toContain(`Prestation${NBSP}: Traitement unique`);
    expect(email.text).toContain('Gardez les enfants et les animaux à l’intérieur');
    expect(email.text).toContain(`Besoin de changer la date${NBSP}? Appelez le bureau au (905) 555-0134`);
    expect(email.text).toContain(`À vendredi${NBSP}!`);
    expect(email.text).not.toMatch(/ [:?!]/);
  });

  it('writes Spanish and German natively', () => {
    const es = renderVisitReminderEmail(input({ locale: 'es' }));
    expect(es.subject).toBe('Recordatorio: su tratamiento contra mosquitos es este viernes, 11 de junio de 2027');
    expect(es.text).toContain('Hola, Olivia:');
    expect(es.text).toContain('Fecha: viernes, 11 de junio de 2027');
    expect(es.text).toContain('Hora de llegada: entre las 8:00 y las 18:00');
    expect(es.text).toContain('Servicio: Tratamiento único');
    expect(es.text).toContain('No hace falta que esté en casa.');
    const de = renderVisitReminderEmail(input({ locale: 'de' }));
    expect(de.subject).toBe('Erinnerung: Ihre Mückenbehandlung ist diesen Freitag, 11. Juni 2027');
    expect(de.text).toContain('Hallo Olivia,');
    expect(de.text).toContain('Datum: Freitag, 11. Juni 2027');
    expect(de.text).toContain('Ankunftszeit: zwischen 8:00 und 18:00 Uhr');
    expect(de.text).toContain('Sie müssen nicht zu Hause sein.');
    expect(de.html).toContain('<html lang="de">');
  });

  it('names every service of the day once, and each address on its own when the visits are at two', () => {
    const sameYard = renderVisitReminderEmail(input({ visits: [visit(), visit({ serviceType: 'standingwater' })] }));
    expect(sameYard.text).toContain('Service: One-Time Treatment, Standing Water Treatment');
    expect(sameYard.text.match(/Service address:/g)).toHaveLength(1);

    const twoYards = renderVisitReminderEmail(input({
      visits: [visit(), visit({ bookingRef: 'BK-COTTAGE1', serviceType: 'tick-seasonal', address: '5 Lake Rd', city: 'Dundas', postalCode: 'L9H 1A1', estimatedArrivalTime: '14:00' })],
    }));
    expect(twoYards.text).toContain('Service address: 71 Main St W, Hamilton, L8P 4Y5\nArrival time: between 8:00 AM and 6:00 PM\nService: One-Time Treatment');
    expect(twoYards.text).toContain('Service address: 5 Lake Rd, Dundas, L9H 1A1\nArrival time: between 1:00 PM and 3:00 PM (estimated from our route plan)\nService: Seasonal Tick Protection');
    expect(twoYards.text).toContain('Booking reference: BK-TEST1234, BK-COTTAGE1');
  });

  it('fits the subject and checklist to the service: a tick treatment, a consultation without the spray checklist', () => {
    expect(renderVisitReminderEmail(input({ visits: [visit({ serviceType: 'tick-seasonal' })] })).subject).toBe('Reminder: your tick treatment is this Friday, June 11, 2027');
    const consult = renderVisitReminderEmail(input({ visits: [visit({ serviceType: 'consult' })] }));
    expect(consult.subject).toBe('Reminder: our visit is this Friday, June 11, 2027');
    expect(consult.text).toContain('Service: Misting System Consultation');
    expect(consult.text).toContain('- Unlock your gates, or call or email us the gate code.');
    expect(consult.text).not.toContain('Keep children and pets indoors');
    expect(consult.text).not.toContain('You do not need to be home.');
  });

  it('names a free re-treatment as one, whatever plan it re-treats (0047), with the barrier spray\'s checklist', () => {
    const email = renderVisitReminderEmail(input({ visits: [visit({ serviceType: 'seasonal', kind: 'retreatment' })] }));
    expect(email.text).toContain('Service: Free re-treatment');
    expect(email.text).not.toContain('Seasonal Mosquito Protection');
    expect(email.text).toContain('Keep children and pets indoors');
    expect(renderVisitReminderEmail(input({ locale: 'fr', visits: [visit({ kind: 'retreatment' })] })).text).toContain(`Prestation${NBSP}: Retraitement gratuit`);
  });
});
