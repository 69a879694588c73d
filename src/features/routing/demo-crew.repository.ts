import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { technicians } from '@/db/schema/branches';
import { staffUsers } from '@/db/schema/staff';
import { hashPassword } from '@/features/staff-auth/password';

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
