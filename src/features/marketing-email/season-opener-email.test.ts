import { describe, expect, it } from 'vitest';
import { TEST_EMAIL_BRANCH } from '@/features/email/email-test-branch';
import { renderConsentText } from './consent.service';
import { createSeasonOpenerRenderer } from './season-opener-email';
import { createUnsubscribeToken } from './unsubscribe-token';

const SITE = 'https://escarpmentmosquito.ca';
const render = (locale: 'en' | 'fr' | 'es' | 'de', previousService: string | null = 'seasonal') =>
  createSeasonOpenerRenderer({ locale, branch: TEST_EMAIL_BRANCH, year: 2027, firstFriday: '2027-05-07', siteUrl: SITE })({ customerId: 42, firstName: 'Olivia', previousService });

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
    const email = createSeasonOpenerRenderer({ locale: 'en', branch: TEST_EMAIL_BRANCH, year: 2027, firstFriday: '2027-05-07', siteUrl: SITE })({ customerId: 1, firstName: '<b>Jo</b>', previousService: null });
    expect(email.html).toContain('Hello &lt;b&gt;Jo&lt;/b&gt;,');
  });
});

describe('the consent text kept as proof', () => {
  it('is the checkbox\'s words, with the business name, in the customer\'s language', () => {
    expect(renderConsentText('en', 'Escarpment Mosquito & Tick')).toBe('Email me seasonal reminders and offers from Escarpment Mosquito & Tick. I can unsubscribe at any time.');
    expect(renderConsentText('fr', 'Escarpment Mosquito & Tick')).toBe('Escarpment Mosquito & Tick peut m’envoyer par courriel ses rappels saisonniers et ses offres. Je peux me désabonner en tout temps.');
  });
});
