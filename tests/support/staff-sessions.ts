import { getDb } from '@/db/client';
import { staffUsers } from '@/db/schema/staff';
import { hashPassword } from '@/features/staff-auth/password';
import { signIn } from '@/features/staff-auth/session.service';
import { seedStaffAccount } from '@/server/bootstrap/seed';

/**
 * Creates an office admin and a technician on the test database and signs both in: the session
 * tokens integration tests send as the staff cookie.
 */
export async function signInAdminAndTechnician(): Promise<{ adminToken: string; technicianToken: string }> {
  const db = await getDb();
  await seedStaffAccount(db, 'office', 'office password 1');
  await db.insert(staffUsers).values({ username: 'tech', passwordHash: await hashPassword('technician password'), displayName: 'Tech', role: 'technician' });
  const adminToken = (await signIn('office', 'office password 1', { userAgent: null })).token;
  const technicianToken = (await signIn('tech', 'technician password', { userAgent: null })).token;
  return { adminToken, technicianToken };
}

/** Creates an office account (0082) on the test database and signs it in: its session token. */
export async function signInOffice(username = 'clerk'): Promise<string> {
  const password = 'front desk password';
  await seedStaffAccount(await getDb(), username, password, 'office');
  return (await signIn(username, password, { userAgent: null })).token;
}

/** An admin, a technician and an office account (named `officeUsername`), signed in: their session tokens. */
export async function signInEveryRole(officeUsername = 'clerk'): Promise<{ adminToken: string; technicianToken: string; officeToken: string }> {
  const { adminToken, technicianToken } = await signInAdminAndTechnician();
  return { adminToken, technicianToken, officeToken: await signInOffice(officeUsername) };
}
