import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

type Handler = (req: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Every API that returns customer data or the office's records: admin only (DECISIONS §5). */
const officeApis: { name: string; path: string; params?: Record<string, string>; adminStatus?: number; load: () => Promise<{ GET: unknown }> }[] = [
  { name: 'GET /api/customers', path: '/api/customers', load: () => import('@/app/api/customers/route') },
  { name: 'GET /api/customers/email/{email}', path: '/api/customers/email/a%40b.ca', params: { email: 'a@b.ca' }, adminStatus: 404, load: () => import('@/app/api/customers/email/[email]/route') },
  { name: 'GET /api/appointments', path: '/api/appointments', load: () => import('@/app/api/appointments/route') },
  { name: 'GET /api/payments', path: '/api/payments', load: () => import('@/app/api/payments/route') },
  { name: 'GET /api/quotes', path: '/api/quotes', load: () => import('@/app/api/quotes/route') },
  { name: 'GET /api/messages', path: '/api/messages', load: () => import('@/app/api/messages/route') },
  { name: 'GET /api/outbox', path: '/api/outbox', load: () => import('@/app/api/outbox/route') },
  { name: 'GET /api/admin/dashboard', path: '/api/admin/dashboard', load: () => import('@/app/api/admin/dashboard/route') },
];

async function call(api: (typeof officeApis)[number]): Promise<number> {
  const { GET } = (await api.load()) as { GET: Handler };
  const res = await GET(new Request(`http://localhost${api.path}`), { params: Promise.resolve(api.params ?? {}) });
  return res.status;
}

let adminToken = '';
let technicianToken = '';

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
});

describe('office data behind the admin role', () => {
  it.each(officeApis)('$name: 401 without a session, 403 for a technician, served to an admin', async (api) => {
    jar.token = undefined;
    expect(await call(api)).toBe(401);
    jar.token = technicianToken;
    expect(await call(api)).toBe(403);
    jar.token = adminToken;
    // An unknown customer is a 404 from the handler itself: the guard let the admin through.
    expect(await call(api)).toBe(api.adminStatus ?? 200);
  });
});
