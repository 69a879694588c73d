import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { getDb } from '@/db/client';
import { applicationRecords, pesticideProducts } from '@/db/schema/applications';
import { appointments, serviceRoutes } from '@/db/schema/appointments';
import { technicians } from '@/db/schema/branches';
import { DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { DEMO_TECHNICIAN, seedDemoCrew } from '@/features/routing/demo-crew.repository';
import { signIn } from '@/features/staff-auth/session.service';
import { insertConfirmedVisits, insertCustomer } from './records';
import { signInAdminAndTechnician } from './staff-sessions';

/**
 * What the tests of the day sheet's done marks (late marks 0045, change ids 0052) stand on: the demo
 * crew, the office's accounts, one active product, and Crew A's stops.
 */

/**
 * The clock of a file of day sheet tests: Date only, set to `at` before every test; at the end the
 * file's session cookie is dropped and the real clock comes back.
 */
export function setUpClock(at: Date, jar: { token?: string }): void {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
  });
  beforeEach(() => {
    vi.setSystemTime(at);
  });
  afterAll(() => {
    jar.token = undefined;
    vi.useRealTimers();
  });
}

/**
 * The hooks each file of these tests needs: the clock (`setUpClock`), the crew and product seeded
 * once at that time and handed to `seeded`.
 */
export function setUpCrewOnClock(at: Date, jar: { token?: string }, seeded: (ids: { crewA: number; product: number }) => void): void {
  setUpClock(at, jar);
  beforeAll(async () => {
    seeded(await seedCrewAndProduct());
  });
}

/** Seeds the demo crew and the office's accounts: the ids of Crew A and Crew B. */
export async function seedCrew(): Promise<{ crewA: number; crewB: number }> {
  const db = await getDb();
  await seedDemoCrew(db);
  await signInAdminAndTechnician();
  const [crewA, crewB] = (await db.select({ id: technicians.id }).from(technicians).orderBy(asc(technicians.id))).map((row) => row.id);
  return { crewA: crewA!, crewB: crewB! };
}

/** Seeds the demo crew and the office's accounts, adds one product; Crew A's id and the product's. */
export async function seedCrewAndProduct(): Promise<{ crewA: number; product: number }> {
  const { crewA } = await seedCrew();
  const [row] = await (await getDb()).insert(pesticideProducts).values({ branchId: DEFAULT_BRANCH_ID, name: 'Demo Barrier Concentrate', pcpNumber: '99901', unit: 'ml-concentrate' }).returning({ id: pesticideProducts.id });
  return { crewA, product: row!.id };
}

/** Signs the demo crew in at the test's clock (a session ends after two idle hours). */
export async function signInCrew(): Promise<string> {
  return (await signIn(DEMO_TECHNICIAN.username, DEMO_TECHNICIAN.password, { userAgent: null })).token;
}

/** Signs the office's admin in at the test's clock. */
export async function signInOffice(): Promise<string> {
  return (await signIn('office', 'office password 1', { userAgent: null })).token;
}

/** A customer's own visit on `date`, on the crew's route that day. */
export async function bookCrewStop(crewId: number, email: string, date: string): Promise<number> {
  const customerId = await insertCustomer({ email });
  const { ids } = await insertConfirmedVisits(customerId, date);
  const db = await getDb();
  await db.insert(serviceRoutes).values({ date, technicianId: crewId, technician: 'Crew A', status: 'planned', appointmentOrder: ids });
  await db.update(appointments).set({ technicianId: crewId }).where(eq(appointments.id, ids[0]!));
  return ids[0]!;
}

/** The visit's status, completion time and note. */
export async function visitOf(id: number) {
  const [row] = await (await getDb())
    .select({ status: appointments.status, completedAt: appointments.completedAt, visitNote: appointments.visitNote })
    .from(appointments).where(eq(appointments.id, id));
  return row!;
}

/** The visit's application record lines, oldest first. */
export async function recordsOf(id: number) {
  return (await getDb()).select().from(applicationRecords).where(eq(applicationRecords.appointmentId, id)).orderBy(asc(applicationRecords.id));
}
