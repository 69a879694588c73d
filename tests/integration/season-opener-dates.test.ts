/**
 * The season opener announces a Friday a customer can still book (docs/decisions/0077): the first
 * of the season with room and open, by the booking's own availability rule, not the season's first
 * Friday when that one is full or closed; and no date when every Friday of the season is.
 */
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { serviceDays } from '@/db/schema/appointments';
import { emailOutbox } from '@/db/schema/messages';
import { DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { previewSeasonOpener, queueSeasonOpener } from '@/features/marketing-email/season-opener.service';
import { addCalendarDays } from '@/features/scheduling/available-dates';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { insertConfirmedVisits, insertCustomer } from '../support/records';

// A March morning in Hamilton: the 2027 season (May 1 to October 31) opens on Friday, May 7.
const NOW = new Date('2027-03-01T15:00:00Z');
const FIRST_FRIDAY = '2027-05-07';
const LAST_FRIDAY = '2027-10-29';
const subscribed = { marketingConsentAt: new Date('2026-06-01T12:00:00Z') };

async function openersOf(year: number) {
  return (await getDb()).select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.text, html: emailOutbox.html })
    .from(emailOutbox).where(like(emailOutbox.topic, `season-opener:${year}:%`)).orderBy(emailOutbox.id);
}

describe('the Friday the season opener announces (0077)', () => {
  it('is the first Friday with room and open, as the booking lists them; none when the whole season is full or closed', async () => {
    const db = await getDb();
    await insertCustomer({ email: 'opener.lea@example.com', firstName: 'Léa', locale: 'fr', ...subscribed });
    expect(await previewSeasonOpener(NOW)).toMatchObject({ year: 2027, firstFriday: FIRST_FRIDAY, openFriday: FIRST_FRIDAY });

    // May 7 is full (its own capacity of two, both taken by customers who booked early), May 14 closed.
    await db.insert(serviceDays).values([
      { branchId: DEFAULT_BRANCH_ID, date: FIRST_FRIDAY, capacityOverride: 2 },
      { branchId: DEFAULT_BRANCH_ID, date: '2027-05-14', isClosed: true, closedReason: 'rain', closedAt: NOW },
    ]);
    for (const email of ['early.one@example.com', 'early.two@example.com']) await insertConfirmedVisits(await insertCustomer({ email }), FIRST_FRIDAY);
    const booking = await getAvailableDates({ now: NOW });
    expect(booking[0]).toBe('2027-05-21');

    const preview = await previewSeasonOpener(NOW);
    expect(preview).toMatchObject({ year: 2027, firstFriday: FIRST_FRIDAY, openFriday: '2027-05-21', recipients: 1 });
    expect(await queueSeasonOpener({ now: NOW, year: 2027, by: 'test' })).toMatchObject({ openFriday: '2027-05-21', queued: 1 });
    const [toLea] = await openersOf(2027);
    expect(toLea).toMatchObject({ to: 'opener.lea@example.com', subject: 'La saison des moustiques revient\u00a0: réservez un vendredi à partir du vendredi 21 mai' });
    expect(toLea!.text).toContain('Les premiers vendredis de notre saison 2027 sont déjà pris\u00a0: le premier où il reste de la place est le vendredi 21 mai 2027.');
    expect(toLea!.text).not.toContain('7 mai');

    // Every other Friday of the season full: the booking offers next year's, the opener no date.
    const rest: { branchId: number; date: string; capacityOverride: number }[] = [];
    for (let date = '2027-05-21'; date <= LAST_FRIDAY; date = addCalendarDays(date, 7)) rest.push({ branchId: DEFAULT_BRANCH_ID, date, capacityOverride: 0 });
    await db.insert(serviceDays).values(rest);
    expect((await getAvailableDates({ now: NOW }))[0]!.startsWith('2028-')).toBe(true);
    await insertCustomer({ email: 'opener.sam@example.com', firstName: 'Sam', locale: 'en', ...subscribed });
    expect(await previewSeasonOpener(NOW)).toMatchObject({ year: 2027, firstFriday: FIRST_FRIDAY, openFriday: null, recipients: 1, alreadyQueued: 1 });
    expect(await queueSeasonOpener({ now: NOW, year: 2027, by: 'test' })).toMatchObject({ openFriday: null, queued: 1, skipped: 1 });
    const toSam = (await openersOf(2027)).find((m) => m.to === 'opener.sam@example.com')!;
    expect(toSam.subject).toBe('Mosquito season is back for 2027');
    expect(toSam.text).toContain('Every Friday of our 2027 season is booked for now.');
    expect(toSam.text).not.toMatch(/Friday, (May|June)|2028/);
    expect(toSam.html).toContain('>See the Fridays with room</a>');
  });
});
