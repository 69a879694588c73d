/**
 * The rural FSA L0R reaches from Flamborough to West Lincoln; its communities are named by their
 * own prefix (0078). A Beamsville homeowner hears that Beamsville is served, and the quote the
 * calculator sends (which has no town field) carries Beamsville as its town, typed with a letter O
 * or not. An installation seeded before gets the same rows from migration 0032, once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { GET as checkPostalCode } from '@/app/api/service-area/check/[postalCode]/route';
import { POST as sendQuote } from '@/app/api/send-quote/route';
import { getDb } from '@/db/client';
import { branchSettings } from '@/db/schema/branches';
import { quotes } from '@/db/schema/quotes';
import { clearBranchCache, getBranch } from '@/features/branch/branch.service';
import { DEFAULT_SERVED_PREFIXES, L0R_COMMUNITIES } from '@/features/service-area/postal-code';

const noParams = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };
let ip = 0;

function request(url: string, body?: unknown, headers: Record<string, string> = {}) {
  ip += 1;
  return new Request(`http://localhost${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.78.0.${ip}`, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function check(code: string) {
  const res = await checkPostalCode(request(`/api/service-area/check/${encodeURIComponent(code)}`, undefined, { cookie: 'NEXT_LOCALE=fr' }), { params: Promise.resolve({ postalCode: code }) });
  return { status: res.status, body: (await res.json()) as { inServiceArea?: boolean; area?: string | null; postalCode?: string; message?: string } };
}

afterEach(async () => {
  await (await getDb()).update(branchSettings).set({ servedPrefixes: [...DEFAULT_SERVED_PREFIXES] }).where(eq(branchSettings.branchId, 1));
  clearBranchCache();
});

describe('L0R communities', () => {
  it('names Beamsville for a Beamsville code, typed with a zero or a letter O', async () => {
    for (const code of ['L0R 1B7', 'LOR 1B7', 'lor1b7']) {
      const { status, body } = await check(code);
      expect(status, code).toBe(200);
      expect(body).toMatchObject({ inServiceArea: true, area: 'Beamsville', postalCode: 'L0R1B7', message: expect.stringMatching(/^Bonne nouvelle\s:\snous desservons Beamsville\.$/u) });
    }
    expect((await check('L0R 1C0')).body.area).toBe('Binbrook');
    expect((await check('L0R 1A0')).body.area).toBe('Flamborough');
  });

  it('gives the quote of a Beamsville address, sent without a town, Beamsville as its town and the code as Canada Post writes it', async () => {
    const res = await sendQuote(request('/api/send-quote', {
      email: 'beamsville@example.com', name: 'Marie-Hélène Lefèvre', firstName: 'Marie-Hélène', lastName: 'Lefèvre', phone: '905-563-0101',
      quoteDetails: { serviceType: 'onetime', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, address: '4520 Ontario St', postalCode: 'LOR 1B7', totalPrice: 0, lotSizeDisplay: 'Small' },
    }, { cookie: 'NEXT_LOCALE=fr' }), noParams);
    expect(res.status, await res.clone().text()).toBe(200);
    const { quoteId } = (await res.json()) as { quoteId: number };
    const [row] = await (await getDb()).select({ city: quotes.city, postalCode: quotes.postalCode }).from(quotes).where(eq(quotes.id, quoteId));
    expect(row).toEqual({ city: 'Beamsville', postalCode: 'L0R 1B7' });
  });

  it('migration 0032 adds the communities to a branch seeded before, once, and leaves one without L0R alone', async () => {
    const db = await getDb();
    const statement = readFileSync(path.join(process.cwd(), 'drizzle/0032_l0r_communities.sql'), 'utf8');
    const before = DEFAULT_SERVED_PREFIXES.filter((row) => !L0R_COMMUNITIES.includes(row));
    await db.update(branchSettings).set({ servedPrefixes: before }).where(eq(branchSettings.branchId, 1));
    clearBranchCache();
    expect((await getBranch()).settings.servedPrefixes.some((row) => row.area === 'Beamsville')).toBe(false);

    await db.execute(sql.raw(statement));
    await db.execute(sql.raw(statement));
    clearBranchCache();
    const after = (await getBranch()).settings.servedPrefixes;
    expect(after).toHaveLength(DEFAULT_SERVED_PREFIXES.length);
    expect(new Set(after.map((row) => row.prefix))).toEqual(new Set(DEFAULT_SERVED_PREFIXES.map((row) => row.prefix)));
    expect((await check('L0R 1B0')).body.area).toBe('Beamsville');

    // A branch that does not serve L0R as a whole gets nothing.
    const withoutL0r = before.filter((row) => row.prefix !== 'L0R');
    await db.update(branchSettings).set({ servedPrefixes: withoutL0r }).where(eq(branchSettings.branchId, 1));
    await db.execute(sql.raw(statement));
    clearBranchCache();
    expect((await getBranch()).settings.servedPrefixes).toEqual(withoutL0r);
  });
});
