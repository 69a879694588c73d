/**
 * The season opener written once the season has begun (docs/decisions/0081) says the season is
 * under way and names the next Friday with room, never that the season "opens" on it.
 */
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { serviceDays } from '@/db/schema/appointments';
import { emailOutbox } from '@/db/schema/messages';
import { DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { previewSeasonOpener, queueSeasonOpener, renderSeasonOpenerPreview } from '@/features/marketing-email/season-opener.service';
import { insertCustomer } from '../support/records';

// Wednesday, June 9, 2027 in Hamilton: the season began on May 1; with two days' lead the next Friday is June 11.
const NOW = new Date('2027-06-09T15:00:00Z');

describe('the season opener sent mid-season (0081)', () => {
  it('says the season is under way and gives the next Friday with room, in the customer\'s language', async () => {
    const db = await getDb();
    expect(await previewSeasonOpener(NOW)).toMatchObject({ year: 2027, firstFriday: '2027-06-11', openFriday: '2027-06-11', underway: true });
    const sample = await renderSeasonOpenerPreview({ now: NOW, locale: 'en' });
    expect(sample.subject).toBe('Mosquito season is here: book a Friday from Friday, June 11');
    expect(sample.text).toContain('Our 2027 season is under way: you can book a visit from Friday, June 11, 2027.');
    expect(sample.text).not.toContain('opens on');

    // June 11 is closed for rain: the next Friday with room is June 18, and the first ones are past, not "taken".
    await db.insert(serviceDays).values({ branchId: DEFAULT_BRANCH_ID, date: '2027-06-11', isClosed: true, closedReason: 'rain', closedAt: NOW });
    await insertCustomer({ email: 'opener.jonas@example.com', firstName: 'Jonas', locale: 'de', marketingConsentAt: new Date('2026-06-01T12:00:00Z') });
    expect(await queueSeasonOpener({ now: NOW, year: 2027, by: 'test' })).toMatchObject({ openFriday: '2027-06-18', queued: 1 });
    const [toJonas] = await db.select({ subject: emailOutbox.subject, text: emailOutbox.text }).from(emailOutbox).where(like(emailOutbox.topic, 'season-opener:2027:%'));
    expect(toJonas!.subject).toBe('Die Mückensaison läuft: freie Freitage ab Freitag, 18. Juni');
    expect(toJonas!.text).toContain('Unsere Saison 2027 läuft bereits, und die nächsten Freitage sind vergeben: Freie Plätze gibt es ab Freitag, 18. Juni 2027.');
    expect(toJonas!.text).not.toContain('Die ersten Freitage unserer Saison');
  });
});
