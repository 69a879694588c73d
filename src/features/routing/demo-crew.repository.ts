import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { technicians } from '@/db/schema/branches';
import { staffUsers } from '@/db/schema/staff';
import { hashPassword } from '@/features/staff-auth/password';

/**
 * Local runs only: made-up exterminator licence numbers ("DEMO", so nobody's) for Crew A and
 * Crew B, so their application records show where the licence goes. Crew C keeps none on purpose:
 * the demo shows the warning a crew without one raises before the season (docs/decisions/0102).
 */
export const DEMO_LICENCES: Readonly<Record<string, string>> = { 'Crew A': 'DEMO-20417', 'Crew B': 'DEMO-20418' };

/** Local runs only: the demo technician's login (README). */
export const DEMO_TECHNICIAN = { username: 'crew-a', password: 'mosquito-demo' } as const;

/**
 * The demo Friday holds 30 stops of 45 minutes: 22.5 hours of service, more than two 10-hour
 * shifts can take, so local runs get a third crew. Also a technician login linked to the first
 * crew, to try the day sheet as a technician. Idempotent.
 */
export async function seedDemoCrew(db: DbExecutor): Promise<void> {
  const crews = await db.select({ id: technicians.id }).from(technicians).where(eq(technicians.branchId, 1)).orderBy(asc(technicians.id));
  if (crews.length < 3) {
    // Names are unique per branch in any case: an office that already named someone 'Crew C' keeps theirs.
    await db.insert(technicians).values({ branchId: 1, name: 'Crew C', color: '#16a34a' }).onConflictDoNothing();
  }
  // Only a crew of that name with no number yet: a number the office typed stays.
  for (const [name, licenceNumber] of Object.entries(DEMO_LICENCES)) {
    await db.update(technicians).set({ licenceNumber })
      .where(and(eq(technicians.branchId, 1), eq(technicians.name, name), isNull(technicians.licenceNumber)));
  }
  const [first] = crews;
  // Usernames are stored lower-case (the staff accounts screen folds them), so this exact lookup
  // finds any 'crew-a'; only a second process seeding at the same moment can still collide.
  const [existing] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, DEMO_TECHNICIAN.username));
  if (first && !existing) {
    await db.insert(staffUsers).values({
      username: DEMO_TECHNICIAN.username,
      passwordHash: await hashPassword(DEMO_TECHNICIAN.password),
      displayName: 'Crew A',
      role: 'technician',
      technicianId: first.id,
    }).onConflictDoNothing();
  }
}
