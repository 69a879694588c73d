import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getTranslator } from '@/i18n/messages';
import { signInAdminAndTechnician, signInOffice } from '../support/staff-sessions';

/** What the day sheet's APIs answer a technician account linked to no crew (`routing.noTechnicianLinked`). */
const noCrew = getTranslator('en', 'routing')('noTechnicianLinked');

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));
// Pages run here outside Next's server-components build, where next-intl's server entry refuses to load.
vi.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async () => Object.assign((key: string) => key, { rich: (key: string) => key, has: () => true }),
}));

type Handler = (req: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Page = (props: { params: Promise<Record<string, string>>; searchParams: Promise<Record<string, string>> }) => Promise<unknown>;

const ROOT = path.resolve(__dirname, '../..');
const API_DIR = path.join(ROOT, 'src/app/api');
const STAFF_DIR = path.join(ROOT, 'src/app/[locale]/(staff)');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every file named `name` under `dir`, as paths relative to `dir`. */
function findFiles(dir: string, name: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === name)
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** `admin/appointments/[id]/route.ts` → `/api/admin/appointments/[id]`. */
const routeOf = (file: string) => `/api/${path.posix.dirname(file)}`.replace(/\/\.$/, '');

/**
 * The API that answers without a staff session, and why. Everything else under src/app/api must
 * answer 401 to an anonymous caller and 403 to a technician: a new route that forgets
 * `requireStaff({ role: 'admin' })` fails this file.
 */
const PUBLIC_APIS: Record<string, string> = {
  'GET /api/health': 'the load balancer probe: { ok } and nothing else',
  'POST /api/auth/login': 'the staff sign-in itself (rate-limited, docs/decisions/0005)',
  'POST /api/auth/logout': 'ends the session its own cookie names, nothing else',
  'GET /api/appointments/[id]': 'the checkout reads the date: id, date, time, serviceType and status only (DECISIONS §5)',
  'GET /api/appointments/available-dates': 'the bookable Fridays, no customer data',
  'POST /api/appointments': 'customers book (rate-limited per address)',
  'POST /api/customers': 'the booking form creates its customer; a known email changes nothing (DECISIONS §5)',
  'POST /api/booking-analytics': 'first-party funnel records (rate-limited, always 201/202)',
  'POST /api/calculate-quote': 'the price engine for the calculator',
  'POST /api/send-quote': 'customers email themselves a quote (per address, recipient and site-wide limits)',
  'POST /api/messages': 'the contact form (rate-limited, honeypot)',
  'GET /api/quotes/by-token/[token]': 'a quote by its emailed 192-bit secret token',
  'GET /api/service-area/check/[postalCode]': 'whether a postal code is served',
  'POST /api/create-payment-intent': 'customers pay; the amount is the engine\'s, a free amount only in test mode or for admins',
  'GET /api/payment-status/[paymentIntentId]': 'the success pages verify a payment by its unguessable intent id',
  'POST /api/test-gateway/confirm': 'the offline card form; needs the intent\'s client secret, refused with Stripe keys or in production',
  'POST /api/test-gateway/authenticate': 'the offline 3-D Secure step; same conditions as confirm',
  'POST /api/webhooks/stripe': 'Stripe calls it; the signature on the raw body is the authentication',
  'GET /api/manage-booking/[token]': 'the customer\'s own booking by its emailed sealed token (docs/decisions/0032); any bad token is the same 404',
  'GET /api/manage-booking/[token]/visits/[visitId]/dates': 'the Fridays a visit of the token\'s booking can move to (0032)',
  'POST /api/manage-booking/[token]/visits/[visitId]/move': 'the customer moves a visit of the token\'s booking before its cut-off (0032, rate-limited)',
  'GET /api/manage-booking/[token]/cancel': 'the refund the terms give if the token\'s booking were cancelled now (0032)',
  'POST /api/manage-booking/request-link': 'a customer asks for their link again; the answer is the same for any address, the link goes only to the address on file (0032, rate-limited)',
  'POST /api/manage-booking/[token]/cancel': 'the customer cancels the token\'s booking before its cut-off (0032, rate-limited)',
  'POST /api/manage-booking/[token]/retreatment': 'the customer asks for a free re-treatment of the token\'s booking under the guarantee (0047, rate-limited)',
  'POST /api/manage-booking/[token]/retreatment/withdraw': 'the customer withdraws the token\'s booking\'s open re-treatment request (0051, rate-limited)',
  'POST /api/unsubscribe/[token]': 'a promotional email\'s unsubscribe (page button and RFC 8058 one-click) by the customer\'s HMAC token (0043); idempotent',
};

/** Staff APIs a technician may call as well as an admin: their own day sheet (docs/decisions/0014). */
const TECHNICIAN_APIS: Record<string, string> = {
  'GET /api/routes/technician': 'a technician\'s own stops; another technician\'s day is refused inside',
  'PATCH /api/routes/technician/stops/[id]': 'marks a stop of their own route done from its day on; other stops are refused inside (docs/decisions/0027)',
  'POST /api/routes/technician/stops/[id]/not-treated': '"Couldn\'t treat" on a stop of their own route from its day on; other stops are refused inside (docs/decisions/0085)',
  'DELETE /api/routes/technician/stops/[id]/not-treated': 'takes their own "Couldn\'t treat" back; other stops are refused inside (docs/decisions/0085)',
  'POST /api/account/password': 'every staff member changes their own password, never another account\'s (docs/decisions/0037)',
};

/**
 * The owner's APIs (docs/decisions/0082): an office account is refused them with a 403, as a
 * technician is; every other staff API answers the office as it answers an admin.
 */
const OWNER_APIS: Record<string, string> = {
  'GET /api/admin/staff-accounts': 'who may sign in',
  'POST /api/admin/staff-accounts': 'adds a login, of any access',
  'PATCH /api/admin/staff-accounts/[id]': 'renames, changes the access of, resets or deactivates a login',
  'GET /api/admin/business': 'the legal name, GST/HST number and contact details',
  'PUT /api/admin/business': 'changes what every page, email and receipt says about the business',
  'GET /api/admin/service-area': 'the served postal prefixes and who switched them (0088)',
  'PATCH /api/admin/service-area': 'marks a town or community served or not served (0088)',
  'GET /api/admin/technicians': 'the technician roster',
  'POST /api/admin/technicians': 'adds someone to the roster',
  'PATCH /api/admin/technicians/[id]': 'renames or takes someone off the roster',
  'GET /api/admin/products': 'the products applied and their registration numbers',
  'POST /api/admin/products': 'adds a product to the application records',
  'PATCH /api/admin/products/[id]': 'changes or retires a product',
  'DELETE /api/admin/products/[id]': 'deletes a product never recorded',
  'GET /api/admin/season-opener': 'how many customers the season opener would reach',
  'POST /api/admin/season-opener': 'sends the season opener to every customer who may receive it',
  'GET /api/admin/customers/[id]/personal-data': 'an access request: everything held about a customer',
  'GET /api/admin/customers/[id]/personal-data/preview': 'what erasing a customer would delete and keep',
  'DELETE /api/admin/customers/[id]/personal-data': 'a deletion request: erases the customer',
};

type ApiCase = { key: string; file: string; method: (typeof METHODS)[number]; params: Record<string, string> };

/** Exported handlers of every route file on disk; the module is read, not guessed from the file's text. */
async function listApiCases(): Promise<ApiCase[]> {
  const cases: ApiCase[] = [];
  for (const file of findFiles(API_DIR, 'route.ts')) {
    const route = routeOf(file);
    const mod = (await import(/* @vite-ignore */ path.join(API_DIR, file))) as Record<string, unknown>;
    // Any well-formed value: the guard must refuse before a parameter is even looked at.
    const params = Object.fromEntries([...route.matchAll(/\[(\w+)\]/g)].map(([, name]) => [name!, name === 'bookingRef' ? 'BK-AAAAAAAA' : '1']));
    for (const method of METHODS) if (typeof mod[method] === 'function') cases.push({ key: `${method} ${route}`, file, method, params });
  }
  return cases;
}

let sent = 0;
async function callApi(api: ApiCase): Promise<number> {
  return (await callApiForAnswer(api)).status;
}

/** The status and the refusal's message, when there is one. */
async function callApiForAnswer(api: ApiCase): Promise<{ status: number; message?: string }> {
  const mod = (await import(/* @vite-ignore */ path.join(API_DIR, api.file))) as Record<string, Handler>;
  sent += 1;
  const hasBody = api.method !== 'GET';
  const res = await mod[api.method]!(
    new Request(`http://localhost${api.key.split(' ')[1]!.replace(/\[(\w+)\]/g, (_, name: string) => api.params[name]!)}`, {
      method: api.method,
      // Each call from its own address, so the public endpoints' limits never answer instead of the guard.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${Math.floor(sent / 200)}.${sent % 200}` },
      ...(hasBody ? { body: '{}' } : {}),
    }),
    { params: Promise.resolve(api.params) },
  );
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  return { status: res.status, message: body?.message };
}

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
  { name: 'GET /api/retreatments', path: '/api/retreatments', load: () => import('@/app/api/retreatments/route') },
  // A customer's whole record for an access request, and what erasing it would do (0049); the DELETE is in the sweep below.
  {
    name: 'GET /api/admin/customers/{id}/personal-data', path: '/api/admin/customers/987654/personal-data', params: { id: '987654' }, adminStatus: 404,
    load: () => import('@/app/api/admin/customers/[id]/personal-data/route'),
  },
  {
    name: 'GET /api/admin/customers/{id}/personal-data/preview', path: '/api/admin/customers/987654/personal-data/preview', params: { id: '987654' }, adminStatus: 404,
    load: () => import('@/app/api/admin/customers/[id]/personal-data/preview/route'),
  },
];

async function call(api: (typeof officeApis)[number]): Promise<number> {
  const { GET } = (await api.load()) as { GET: Handler };
  const res = await GET(new Request(`http://localhost${api.path}`), { params: Promise.resolve(api.params ?? {}) });
  return res.status;
}

let adminToken = '';
let technicianToken = '';
let officeToken = '';

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  officeToken = await signInOffice();
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

describe('every route handler under src/app/api', () => {
  it('finds the route files, and every allow-listed route still exists', async () => {
    const keys = new Set((await listApiCases()).map((c) => c.key));
    expect(keys.size).toBeGreaterThan(30);
    for (const key of [...Object.keys(PUBLIC_APIS), ...Object.keys(TECHNICIAN_APIS), ...Object.keys(OWNER_APIS)]) expect(keys, key).toContain(key);
  });

  it('answers 401 to an anonymous caller and 403 to a technician, unless allow-listed with a reason', async () => {
    const refusals: string[] = [];
    for (const api of await listApiCases()) {
      if (PUBLIC_APIS[api.key]) continue;
      jar.token = undefined;
      const anonymous = await callApi(api);
      jar.token = technicianToken;
      const answer = await callApiForAnswer(api);
      // This technician is linked to no crew: a day sheet API that gets past the guard refuses them
      // inside, in words of its own (one with a body refuses the empty body first).
      const technician = TECHNICIAN_APIS[api.key] && answer.status === 403 && answer.message === noCrew ? 200 : answer.status;
      const expected = TECHNICIAN_APIS[api.key] ? 'not 401/403' : 403;
      if (anonymous !== 401) refusals.push(`${api.key}: anonymous got ${anonymous}, expected 401`);
      if (TECHNICIAN_APIS[api.key] ? technician === 401 || technician === 403 : technician !== 403) {
        refusals.push(`${api.key}: technician got ${technician}, expected ${expected}`);
      }
      // The guard lets an admin through: whatever the handler then says, it is not the guard's 401/403.
      jar.token = adminToken;
      const admin = await callApi(api);
      if (admin === 401 || admin === 403) refusals.push(`${api.key}: admin got ${admin}`);
    }
    jar.token = undefined;
    expect(refusals).toEqual([]);
  });

  it('answers 403 to an office account for the owner\'s routes, and serves it every other staff route', async () => {
    const wrong: string[] = [];
    for (const api of await listApiCases()) {
      if (PUBLIC_APIS[api.key]) continue;
      jar.token = officeToken;
      const office = await callApi(api);
      if (OWNER_APIS[api.key] ? office !== 403 : office === 401 || office === 403) {
        wrong.push(`${api.key}: office got ${office}, expected ${OWNER_APIS[api.key] ? 403 : 'not 401/403'}`);
      }
    }
    jar.token = undefined;
    expect(wrong).toEqual([]);
  });

  it('answers the allow-listed public routes without a session (the list names what is really open)', async () => {
    jar.token = undefined;
    const refused: string[] = [];
    for (const api of await listApiCases()) {
      if (!PUBLIC_APIS[api.key]) continue;
      const status = await callApi(api);
      if (status === 401 || status === 403) refused.push(`${api.key}: ${status}`);
    }
    expect(refused).toEqual([]);
  });
});

/**
 * Staff pages that need no admin: /admin is the login form itself (an admin gets the dashboard, a
 * technician a link to their day sheet), and /day-sheet is a technician's own route.
 */
const TECHNICIAN_PAGES: Record<string, string> = {
  'day-sheet': 'a technician\'s own route (docs/decisions/0014)',
  account: 'every staff member\'s own account and password (docs/decisions/0037)',
};
const LOGIN_PAGE = 'admin';

/** What a page did instead of rendering: the `next/navigation` redirect's target, or null. */
async function redirectOf(page: Page): Promise<string | null> {
  try {
    await page({ params: Promise.resolve({ locale: 'en' }), searchParams: Promise.resolve({}) });
    return null;
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    if (typeof digest === 'string' && digest.startsWith('NEXT_REDIRECT;')) return digest.split(';')[2]!;
    throw error;
  }
}

/** Whether a rendered element tree holds an element of `type` (the page's own tree, not its children's renders). */
function holds(node: unknown, type: unknown): boolean {
  if (Array.isArray(node)) return node.some((child) => holds(child, type));
  if (!node || typeof node !== 'object') return false;
  const element = node as { type?: unknown; props?: { children?: unknown } };
  return element.type === type || holds(element.props?.children, type);
}

describe('every staff page under src/app/[locale]/(staff)', () => {
  const pages = findFiles(STAFF_DIR, 'page.tsx').map((file) => ({ file, name: path.posix.dirname(file) }));

  it('finds the staff pages, and every page guards itself with requireStaff', () => {
    expect(pages.length).toBeGreaterThan(5);
    for (const { file, name } of pages) {
      if (name === LOGIN_PAGE) continue;
      expect(readFileSync(path.join(STAFF_DIR, file), 'utf8'), name).toMatch(/requireStaff\(\{[^}]*redirectTo/);
    }
  });

  it('sends an anonymous visitor to the login form, and a technician away from office screens', async () => {
    const leaks: string[] = [];
    for (const { file, name } of pages) {
      if (name === LOGIN_PAGE) continue;
      const { default: page } = (await import(/* @vite-ignore */ path.join(STAFF_DIR, file))) as { default: Page };
      jar.token = undefined;
      const anonymous = await redirectOf(page);
      if (!anonymous?.startsWith('/admin?next=')) leaks.push(`/${name}: anonymous got ${anonymous ?? 'the page'}`);
      if (TECHNICIAN_PAGES[name]) continue;
      jar.token = technicianToken;
      const technician = await redirectOf(page);
      if (technician === null) leaks.push(`/${name}: a technician got the page`);
      // Every office screen refuses a technician the same way: /admin, which says the page they
      // opened is for the office (0078), not a silent jump to the day sheet.
      else if (!technician.startsWith('/admin?next=')) leaks.push(`/${name}: a technician was sent to ${technician}`);
    }
    jar.token = undefined;
    expect(leaks).toEqual([]);
  });

  it('opens the office\'s screens to an office account and sends it away from the owner\'s (0082)', async () => {
    // The owner's screens: who signs in, the business's details, the roster, the products, the payment test.
    const ownerPages = ['business', 'products', 'staff-accounts', 'stripe-test', 'technicians'];
    const wrong: string[] = [];
    for (const { file, name } of pages) {
      if (name === LOGIN_PAGE) continue;
      const { default: page } = (await import(/* @vite-ignore */ path.join(STAFF_DIR, file))) as { default: Page };
      jar.token = officeToken;
      // A page's own 404 (no such receipt) means the guard let the office through.
      const office = await redirectOf(page).catch((error: { digest?: unknown }) => {
        if (error.digest === 'NEXT_HTTP_ERROR_FALLBACK;404') return null;
        throw error;
      });
      if (ownerPages.includes(name) ? !office?.startsWith(`/admin?next=${encodeURIComponent(`/${name}`)}`) : office !== null) {
        wrong.push(`/${name}: office got ${office ?? 'the page'}`);
      }
    }
    jar.token = undefined;
    expect(wrong).toEqual([]);
  });

  it('/admin shows the login form to an anonymous visitor and the dashboard to an admin or the office only', async () => {
    const { default: page } = (await import('@/app/[locale]/(staff)/admin/page')) as unknown as { default: Page };
    const { AdminDashboard } = await import('@/features/staff-dashboard/components/admin-dashboard');
    const { LoginForm } = await import('@/features/staff-auth/components/login-form');
    const render = async (token: string | undefined) => {
      jar.token = token;
      return page({ params: Promise.resolve({ locale: 'en' }), searchParams: Promise.resolve({}) });
    };
    const anonymous = await render(undefined);
    expect([holds(anonymous, LoginForm), holds(anonymous, AdminDashboard)]).toEqual([true, false]);
    const technician = await render(technicianToken);
    expect([holds(technician, LoginForm), holds(technician, AdminDashboard)]).toEqual([false, false]);
    const admin = await render(adminToken);
    expect(holds(admin, AdminDashboard)).toBe(true);
    // The office works from the same dashboard (0082).
    expect(holds(await render(officeToken), AdminDashboard)).toBe(true);
    jar.token = undefined;
  });

  it('/admin tells whoever was sent from a screen their role does not open whose screen it is', async () => {
    const { default: page } = (await import('@/app/[locale]/(staff)/admin/page')) as unknown as { default: Page };
    // The page's own words, keys here (translations are mocked): the refusal and the page it names.
    const says = async (token: string, next: string) => {
      jar.token = token;
      const tree = JSON.stringify(await page({ params: Promise.resolve({ locale: 'en' }), searchParams: Promise.resolve({ next }) }));
      return ['technicianRefused', 'officeRefused'].filter((key) => tree.includes(`"children":"${key}"`));
    };
    expect(await says(officeToken, '/business')).toEqual(['officeRefused']);
    expect(await says(officeToken, '/staff-accounts/')).toEqual(['officeRefused']);
    expect(await says(officeToken, '/routes')).toEqual([]);
    expect(await says(technicianToken, '/routes')).toEqual(['technicianRefused']);
    expect(await says(adminToken, '/business')).toEqual([]);
    jar.token = undefined;
  });
});
