import { describe, expect, it } from 'vitest';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';
import { getTranslator } from '@/i18n/messages';
import { formatLongDate } from '@/lib/format';
import { renderConsentText } from './consent.service';
import { createSeasonOpenerRenderer } from './season-opener-email';
import { createUnsubscribeToken } from './unsubscribe-token';

const SITE = 'https://escarpmentmosquito.ca';
const render = (locale: 'en' | 'fr' | 'es' | 'de', previousService: string | null = 'seasonal', openFriday: string | null = '2027-05-07') =>
  createSeasonOpenerRenderer({ locale, branch: TEST_EMAIL_BRANCH, year: 2027, firstFriday: '2027-05-07', underway: false, openFriday, siteUrl: SITE })({ customerId: 42, firstName: 'Olivia', previousService });

describe('the season opener email', () => {
  it('names the season\'s first Friday, the customer\'s last plan, the booking page and their own unsubscribe link', () => {
    const email = render('en');
    expect(email.subject).toBe('Mosquito season is back: first visits on Friday, May 7');
    expect(email.text).toContain('Hello Olivia,');
    expect(email.text).toContain('Our 2027 season opens on Friday, May 7, 2027.');
    expect(email.text).toContain('Last time you chose our Seasonal Mosquito Protection.');
    expect(email.text).toContain(`Book online: ${SITE}/book`);
    expect(email.html).toContain(`href="${SITE}/book"`);
    const unsubscribe = `${SITE}/unsubscribe/${createUnsubscribeToken(42)}`;
    expect(email.text).toContain(`Unsubscribe: ${unsubscribe}`);
    expect(email.html).toContain(`<a href="${unsubscribe}"`);
    expect(email.text).toContain('you asked Escarpment Mosquito & Tick for seasonal reminders and offers');
  });

  it('identifies the business with its mailing address, phone and email (CASL)', () => {
    const email = render('en');
    expect(email.text).toContain('Escarpment Mosquito & Tick, 1 Hunter St E, Hamilton, ON L8N 3W1');
    expect(email.text).toContain('(905) 555-0134 · hello@escarpmentmosquito.ca');
    expect(email.html).toContain('1 Hunter St E, Hamilton, ON L8N 3W1');
  });

  it('leaves the last plan out when none is known', () => {
    expect(render('en', null).text).not.toContain('Last time');
  });

  it('is written in French with French typography and links', () => {
    const email = render('fr', 'tick-seasonal');
    expect(email.subject).toBe('La saison des moustiques revient\u00a0: premières visites le vendredi 7 mai');
    expect(email.text).toContain('Notre saison 2027 commence le vendredi 7 mai 2027.');
    expect(email.text).toContain('vous aviez choisi «\u00a0Protection saisonnière contre les tiques\u00a0»');
    expect(email.text).toContain(`Réserver en ligne\u00a0: ${SITE}/fr/book`);
    expect(email.text).toContain(`Se désabonner\u00a0: ${SITE}/fr/unsubscribe/${createUnsubscribeToken(42)}`);
    expect(email.html).toContain('<html lang="fr">');
  });

  it('is written in Spanish and German too', () => {
    expect(render('es').text).toContain(`Darse de baja: ${SITE}/es/unsubscribe/`);
    expect(render('de').subject).toBe('Die Mückensaison beginnt: erste Besuche am Freitag, 7. Mai');
  });

  it('escapes the customer\'s name in the HTML', () => {
    const email = createSeasonOpenerRenderer({ locale: 'en', branch: TEST_EMAIL_BRANCH, year: 2027, firstFriday: '2027-05-07', underway: false, openFriday: '2027-05-07', siteUrl: SITE })({ customerId: 1, firstName: '<b>Jo</b>', previousService: null });
    expect(email.html).toContain('Hello &lt;b&gt;Jo&lt;/b&gt;,');
  });
});

describe('the Friday the season opener announces (0077)', () => {
  it('is the first one with room when the first Fridays are full or closed, said as such', () => {
    const email = render('en', 'seasonal', '2027-05-21');
    expect(email.subject).toBe('Mosquito season is back: book a Friday from Friday, May 21');
    expect(email.text).toContain('The first Fridays of our 2027 season are already taken: the first one with room is Friday, May 21, 2027.');
    expect(email.text).not.toContain('May 7');
    expect(email.text).toContain('Last time you chose our Seasonal Mosquito Protection.');
    expect(email.html).toContain('>Book your first visit</a>');
  });

  it('is no date at all when no Friday of the season has room: booked for now, no invitation to book the last plan again', () => {
    const email = render('en', 'seasonal', null);
    expect(email.subject).toBe('Mosquito season is back for 2027');
    expect(email.text).toContain('Every Friday of our 2027 season is booked for now. Places free up when customers change their plans, and the booking page offers them as soon as they do.');
    expect(email.text).not.toMatch(/Friday, May|opens on|Last time/);
    expect(email.html).toContain('>See the Fridays with room</a>');
    expect(email.text).toContain(`Book online: ${SITE}/book`);
    // Still identified and unsubscribable (CASL).
    expect(email.text).toContain(`Unsubscribe: ${SITE}/unsubscribe/${createUnsubscribeToken(42)}`);
  });

  it.each(['fr', 'de', 'es'] as const)('is written in %s for a later Friday and for none', (locale) => {
    const t = getTranslator(locale, 'marketingEmail.email');
    const later = render(locale, null, '2027-05-21');
    expect(later.text).toContain(t('introLater', { year: 2027, date: formatLongDate('2027-05-21', locale) }));
    expect(later.subject).toContain(t('subjectLater', { date: 'X' }).split('X')[0]!);
    const none = render(locale, 'seasonal', null);
    expect(none.subject).toBe(t('subjectNoDate', { year: 2027 }));
    expect(none.text).toContain(t('introNoDate', { year: 2027 }));
    expect(none.html).toContain(`>${t('bookNoDate')}</a>`);
    expect(`${later.subject}${later.text}${none.subject}${none.text}`).not.toMatch(/marketingEmail\./);
  });

  it('reads the French and German dates as those languages write them', () => {
    expect(render('fr', null, '2027-05-21').subject).toBe('La saison des moustiques revient\u00a0: réservez un vendredi à partir du vendredi 21 mai');
    expect(render('de', null, '2027-05-21').text).toContain('Freie Plätze gibt es ab Freitag, 21. Mai 2027.');
  });
});

describe('the consent text kept as proof', () => {
  it('is the checkbox\'s words, with the business name, in the customer\'s language', () => {
    expect(renderConsentText('en', 'Escarpment Mosquito & Tick')).toBe('Email me seasonal reminders and offers from Escarpment Mosquito & Tick. I can unsubscribe at any time.');
    expect(renderConsentText('fr', 'Escarpment Mosquito & Tick')).toBe('Escarpment Mosquito & Tick peut m’envoyer par courriel ses rappels saisonniers et ses offres. Je peux me désabonner en tout temps.');
  });
});

describe('the season opener sent once the season is under way (0081)', () => {
  // Written on Wednesday, June 10, 2026: the season began on May 1, the next Friday that can be booked is June 12.
  const midseason = (locale: 'en' | 'fr' | 'es' | 'de', openFriday: string | null) =>
    createSeasonOpenerRenderer({ locale, branch: TEST_EMAIL_BRANCH, year: 2026, firstFriday: '2026-06-12', underway: true, openFriday, siteUrl: SITE })({ customerId: 42, firstName: 'Olivia', previousService: 'seasonal' });

  it.each([
    { locale: 'en', subject: 'Mosquito season is here: book a Friday from Friday, June 12', intro: 'Our 2026 season is under way: you can book a visit from Friday, June 12, 2026.', opens: 'season opens on' },
    { locale: 'fr', subject: 'La saison des moustiques bat son plein\u00a0: réservez un vendredi à partir du vendredi 12 juin', intro: 'Notre saison 2026 est déjà lancée\u00a0: vous pouvez réserver une visite à partir du vendredi 12 juin 2026.', opens: 'commence le' },
    { locale: 'de', subject: 'Die Mückensaison läuft: freie Freitage ab Freitag, 12. Juni', intro: 'Unsere Saison 2026 läuft bereits: Sie können einen Besuch ab Freitag, 12. Juni 2026 buchen.', opens: 'beginnt am' },
    { locale: 'es', subject: 'La temporada de mosquitos está en marcha: reserve un viernes a partir del viernes, 12 de junio', intro: 'Nuestra temporada 2026 ya está en marcha: puede reservar una visita a partir del viernes, 12 de junio de 2026.', opens: 'comienza el' },
  ] as const)('says the season is under way, not that it opens, in $locale', ({ locale, subject, intro, opens }) => {
    const email = midseason(locale, '2026-06-12');
    expect(email.subject).toBe(subject);
    expect(email.text).toContain(intro);
    expect(email.text).not.toContain(opens);
  });

  it('says the next Fridays are taken, not the season\'s first ones, when the first with room is later', () => {
    const en = midseason('en', '2026-06-26').text;
    expect(en).toContain('Our 2026 season is under way and the next Fridays are already taken: the first one with room is Friday, June 26, 2026.');
    expect(en).not.toContain('The first Fridays of our 2026 season');
    expect(midseason('de', '2026-06-26').text).toContain('Unsere Saison 2026 läuft bereits, und die nächsten Freitage sind vergeben: Freie Plätze gibt es ab Freitag, 26. Juni 2026.');
    expect(midseason('fr', '2026-06-26').text).toContain('les prochains vendredis sont pris\u00a0: le premier où il reste de la place est le vendredi 26 juin 2026.');
    expect(midseason('es', '2026-06-26').text).toContain('los próximos viernes están ocupados: el primero con sitio es el viernes, 26 de junio de 2026.');
  });
});

describe('the season opener with every Friday booked, once the season is under way (0081)', () => {
  it('does not say the season begins', () => {
    const render = (locale: 'en' | 'de') => createSeasonOpenerRenderer({ locale, branch: TEST_EMAIL_BRANCH, year: 2026, firstFriday: '2026-06-12', underway: true, openFriday: null, siteUrl: SITE })({ customerId: 42, firstName: 'Olivia', previousService: null });
    expect(render('en').subject).toBe('Mosquito season 2026 is under way');
    expect(render('de').subject).toBe('Die Mückensaison 2026 läuft');
  });
});
