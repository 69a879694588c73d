import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { AppError } from '@/lib/errors';
import { resolveSession, SESSION_COOKIE, type StaffSession } from './session.service';

export async function getStaffSession(): Promise<StaffSession | null> {
  const jar = await cookies();
  return resolveSession(jar.get(SESSION_COOKIE)?.value);
}

/**
 * The one guard for staff handlers and pages. In a route handler it throws a 401 AppError; in a
 * page, pass `redirectTo` (the page's own path) and it sends the visitor to the login form.
 */
export async function requireStaff(options?: { redirectTo?: string; locale?: string; role?: 'admin' }): Promise<StaffSession> {
  const session = await getStaffSession();
  if (session && (!options?.role || session.role === options.role)) return session;
  if (options?.redirectTo !== undefined) {
    const prefix = options.locale && options.locale !== 'en' ? `/${options.locale}` : '';
    redirect(`${prefix}/admin?next=${encodeURIComponent(options.redirectTo)}`);
  }
  throw new AppError(session ? 'forbidden' : 'unauthorized', session ? 'errors.forbidden' : 'errors.unauthorized');
}
