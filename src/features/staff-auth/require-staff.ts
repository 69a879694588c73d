import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { redirect } from 'next/navigation';
import { AppError } from '@/lib/errors';
import { can, type Capability } from './capabilities';
import { resolveSession, SESSION_COOKIE, type StaffSession } from './session.service';

/**
 * The signed-in staff member, read once per request: the staff shell's layout and the page both
 * ask for it, and React's request cache makes that one database lookup.
 */
export const getStaffSession = cache(async (): Promise<StaffSession | null> => {
  const jar = await cookies();
  return resolveSession(jar.get(SESSION_COOKIE)?.value);
});

/**
 * The one guard for staff handlers and pages. `can` names what the caller needs (the capability
 * table, 0082); without it any signed-in staff member passes. In a route handler it throws a 401
 * AppError (403 for a role without the capability); in a page, pass `redirectTo` (the page's own
 * path) and it sends the visitor to /admin, the login form or the note saying whose page it is.
 */
export async function requireStaff(options?: { redirectTo?: string; locale?: string; can?: Capability }): Promise<StaffSession> {
  const session = await getStaffSession();
  if (session && (!options?.can || can(session.role, options.can))) return session;
  if (options?.redirectTo !== undefined) {
    const prefix = options.locale && options.locale !== 'en' ? `/${options.locale}` : '';
    redirect(`${prefix}/admin?next=${encodeURIComponent(options.redirectTo)}`);
  }
  throw new AppError(session ? 'forbidden' : 'unauthorized', session ? 'errors.forbidden' : 'errors.unauthorized');
}
