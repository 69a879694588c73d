import 'server-only';
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { pesticideProducts } from '@/db/schema/applications';
import { appointments, serviceDays } from '@/db/schema/appointments';
import { branches, branchSettings, technicians } from '@/db/schema/branches';
import { discountCodes, servicePlans } from '@/db/schema/catalog';
import { customers } from '@/db/schema/customers';
import { payments } from '@/db/schema/payments';
import { staffUsers } from '@/db/schema/staff';
import { DEMO_ADDRESSES, demoPerson } from '@/db/seed-data/demo-addresses';
import { newBookingRef } from '@/features/booking/booking-ref';
import { calculatePrice, countVisits, describeChargedBreakdown } from '@/features/pricing/pricing';
import { loadPriceContext } from '@/features/pricing/pricing.service';
import { buildPricingAddress } from '@/features/service-area/pricing-address';
import { DEFAULT_PRICE_TABLE } from '@/features/pricing/price-table';
import { DEFAULT_DEPOT } from '@/features/routing/default-depot';
import { seedDemoCrew } from '@/features/routing/demo-crew.repository';
import { selectBranchIdentity } from '@/features/branch/branch.repository';
import { DEFAULT_SCHEDULE_RULES, visitDatesFor } from '@/features/scheduling/available-dates';
import { DEFAULT_SERVED_PREFIXES } from '@/features/service-area/postal-code';
import { hashPassword } from '@/features/staff-auth/password';
import { hasStaffUsername } from '@/features/staff-auth/session.repository';
import { normaliseUsername } from '@/features/staff-auth/username';

export const DEMO_STAFF = { username: 'admin', password: 'mosquito-demo' } as const;
/** Local runs only: an office login, to try the staff area as the person who answers the phone (0082). */
export const DEMO_OFFICE = { username: 'office', password: 'mosquito-demo' } as const;
const TIME_ZONE = 'America/Toronto';

/** Base data every installation needs. Idempotent: existing rows are left as they are. */
export async function seedBaseData(db: Database): Promise<void> {
  await db.insert(branches).values({
    id: 1,
    slug: 'hamilton',
    name: 'Escarpment Mosquito & Tick',
    displayName: 'Escarpment Mosquito & Tick',
    description: 'Mosquito and tick control for Hamilton, Ancaster, Stoney Creek, Dundas and Grimsby.',
    // Stored in E.164, shown "(905) 555-0134" (0076).
    phone: '+19055550134',
    email: 'hello@escarpmentmosquito.ca',
    address: '1 Hunter St E',
    city: 'Hamilton',
    province: 'ON',
    postalCode: 'L8N 3W1',
    serviceArea: ['Hamilton', 'Ancaster', 'Stoney Creek', 'Dundas', 'Grimsby', 'Waterdown', 'Westdale', 'Hamilton Mountain', 'Binbrook', 'Caledonia', 'Flamborough'],
  }).onConflictDoNothing();
  await db.execute(sql`select setval(pg_get_serial_sequence('branches', 'id'), greatest((select max(id) from branches), 1))`);

  await db.insert(branchSettings).values({
    branchId: 1,
    servedPrefixes: [...DEFAULT_SERVED_PREFIXES],
    priceTable: DEFAULT_PRICE_TABLE as unknown as Record<string, unknown>,
    depotAddress: DEFAULT_DEPOT.address,
    depotLatitude: DEFAULT_DEPOT.latitude,
    depotLongitude: DEFAULT_DEPOT.longitude,
  }).onConflictDoNothing();

  const [tech] = await db.select({ id: technicians.id }).from(technicians).limit(1);
  if (!tech) {
    await db.insert(technicians).values([
      { branchId: 1, name: 'Crew A', color: '#2563eb' },
      { branchId: 1, name: 'Crew B', color: '#dc2626' },
    ]);
  }

  await db.insert(servicePlans).values([
    {
      id: 1, slug: 'onetime', name: 'One-Time Treatment', price: 9900, visits: 1, displayOrder: 1,
      description: 'A single thorough barrier treatment, effective for up to 3 weeks.',
      features: ['Up to 1/2 acre', 'Lasts up to 3 weeks', 'Breeding-prevention tips'],
    },
    {
      id: 2, slug: 'seasonal', name: 'Seasonal Mosquito Protection', price: 7900, visits: 5, displayOrder: 2,
      popular: true, badge: 'Most Popular',
      description: 'Five treatments, 21 days apart, for a whole season of protection.',
      features: ['5 visits every 21 days', 'Full season', 'Breeding prevention', 'Free re-treatments'],
    },
    {
      id: 3, slug: 'tick-seasonal', name: 'Seasonal Tick Protection', price: 7900, visits: 3, displayOrder: 3,
      description: 'Three perimeter treatments against Lyme-carrying ticks.',
      features: ['3 visits every 21 days', 'Targets Lyme-carrying ticks', 'Perimeter treatment', 'Pet-friendly when dry'],
    },
  ]).onConflictDoNothing();

  await db.insert(discountCodes).values({
    code: 'MIDSEASON',
    description: 'Midseason special: full season protection, save $79',
    discountType: 'fixed',
    discountValue: 7900,
    appliesTo: ['seasonal'],
  }).onConflictDoNothing();
}

/**
 * The demo company's receipt identity (docs/decisions/0040): a legal name and a GST/HST number in
 * the CRA's format that is plainly made up (its business number fails the check digit, so it can
 * be nobody's). Local runs only, and only where the branch has none: a real installation prints
 * its own number, set by the owner, and until then receipts leave the line out (and the server
 * logs a warning), rather than show a number that is not theirs.
 */
export const DEMO_BRANCH_IDENTITY = { legalName: 'Escarpment Mosquito & Tick Inc.', hstNumber: '123456789 RT0001' } as const;

export async function seedDemoBranchIdentity(db: Database): Promise<void> {
  await db.update(branches).set({ legalName: DEMO_BRANCH_IDENTITY.legalName }).where(and(eq(branches.id, 1), isNull(branches.legalName)));
  await db.update(branches).set({ hstNumber: DEMO_BRANCH_IDENTITY.hstNumber }).where(and(eq(branches.id, 1), isNull(branches.hstNumber)));
}

/**
 * Creates an admin account (or an office one) unless one of that name exists in any case. The name
 * is stored normalised (lower-case), so sign-in, the login limit and the unique index all see one spelling.
 */
export async function seedStaffAccount(db: Database, username: string, password: string, role: 'admin' | 'office' = 'admin'): Promise<void> {
  if (await hasStaffUsername(db, username)) return;
  await db.insert(staffUsers).values({
    username: normaliseUsername(username), passwordHash: await hashPassword(password), displayName: role === 'admin' ? 'Administrator' : 'Office', role,
  });
}

/**
 * Local runs only: three made-up products to record at "Mark done" (docs/decisions/0042). The
 * names say "Demo" and the PCP numbers (999xx) belong to no registered product. Idempotent: a
 * branch that has any product keeps its own.
 */
export async function seedDemoProducts(db: Database): Promise<void> {
  const [any] = await db.select({ id: pesticideProducts.id }).from(pesticideProducts).where(eq(pesticideProducts.branchId, 1)).limit(1);
  if (any) return;
  await db.insert(pesticideProducts).values([
    { branchId: 1, name: 'Demo Barrier Concentrate', pcpNumber: '99901', unit: 'ml-concentrate' },
    { branchId: 1, name: 'Demo Tick Perimeter Mix', pcpNumber: '99902', unit: 'l-mix' },
    { branchId: 1, name: 'Demo Larvicide Granules', pcpNumber: '99903', unit: 'g' },
  ]).onConflictDoNothing();
}

/** The first Friday of the next season that is at least a week away: the demo route day. */
export function pickDemoFriday(now: Date): string {
  let day = new TZDate(now.getTime(), TIME_ZONE);
  day = addDays(day, 7);
  for (let i = 0; i < 800; i++) {
    const month = day.getMonth() + 1;
    if (day.getDay() === 5 && month >= 5 && month <= 10) return format(day, 'yyyy-MM-dd');
    day = addDays(day, 1);
  }
  throw new Error('no Friday found');
}

/**
 * Local runs only: 30 demo customers at real Hamilton-area addresses, all with a first visit on
 * one Friday of the next season (the route manager's demo day), and the seasonal plans' later
 * visits every 21 days after it while the season lasts. Each booking was paid online one of the
 * last 30 days, through the built-in test gateway at the pricing engine's price, so the
 * dashboard, the Payments tab and a customer's refund can be tried at once.
 */
export async function seedDemoSeason(db: Database, now = new Date()): Promise<void> {
  await seedDemoCrew(db);
  await seedDemoBranchIdentity(db);
  const [already] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, demoPerson(0).email));
  if (already) return;
  const friday = pickDemoFriday(now);
  // The plans' visit dates as a real booking makes them (DECISIONS §2, §3), inside the season.
  const rules = { visitsFor: (type: string) => countVisits(DEFAULT_PRICE_TABLE, type), intervalDays: DEFAULT_SCHEDULE_RULES.intervalDays };
  const seasonEnd = `${friday.slice(0, 4)}-${DEFAULT_SCHEDULE_RULES.season.endMonthDay}`;
  const rows = DEMO_ADDRESSES.map((a, i) => ({ ...demoPerson(i), ...a, propertySize: [0.25, 0.5, 0.75][i % 3]! }));
  const priceContext = await loadPriceContext(1, db);
  // The seller each demo receipt keeps, as a real payment keeps it when it succeeds (0076).
  const receiptSeller = await selectBranchIdentity(db, 1);
  await db.transaction(async (tx) => {
    // The demo day holds all thirty stops, more than a normal Friday's capacity.
    await tx.insert(serviceDays).values({ branchId: 1, date: friday, capacityOverride: DEMO_ADDRESSES.length }).onConflictDoNothing();
    const inserted = await tx.insert(customers).values(rows).returning({ id: customers.id });
    const services = ['onetime', 'seasonal', 'tick-seasonal'] as const;
    const serviceOf = (i: number) => services[i % 3]!;
    const refs = rows.map(() => newBookingRef());
    const visits = rows.flatMap((r, i) => visitDatesFor(friday, serviceOf(i), rules)
      .map((date, v) => ({ r, i, serviceType: serviceOf(i), bookingRef: refs[i]!, visitNumber: v + 1, date }))
      .filter((visit) => visit.visitNumber === 1 || visit.date <= seasonEnd));
    // Customer i booked and paid 30 - i days ago, at a time of day that differs from one to the next.
    const paidAt = (i: number) => new Date(now.getTime() - (30 - i) * 86_400_000 - ((i * 37) % 600) * 60_000);
    const insertedVisits = await tx.insert(appointments).values(visits.map(({ r, i, serviceType, bookingRef, visitNumber, date }) => ({
      customerId: inserted[i]!.id,
      planId: (i % 3) + 1,
      bookingRef,
      visitNumber,
      serviceType,
      date,
      time: '09:00',
      address: r.address,
      city: r.city,
      postalCode: r.postalCode,
      phone: r.phone,
      latitude: r.latitude,
      longitude: r.longitude,
      propertySize: r.propertySize,
      status: 'confirmed',
      notes: i % 5 === 0 ? 'Gate code 1234; dog in the yard' : null,
      createdAt: paidAt(i),
      updatedAt: paidAt(i),
    }))).returning({ id: appointments.id, bookingRef: appointments.bookingRef, date: appointments.date });

    await tx.insert(payments).values(rows.map((r, i) => {
      const serviceType = serviceOf(i);
      const bookingRef = refs[i]!;
      const booking = insertedVisits.filter((v) => v.bookingRef === bookingRef);
      const price = calculatePrice(
        { serviceType, propertySize: r.propertySize, includeTick: false, includeTargetedInsects: false, extras: [], address: buildPricingAddress(r.address, r.city) },
        priceContext,
      );
      const paymentIntentId = `pi_test_demo${bookingRef.replace(/\W/g, '')}`;
      return {
        appointmentId: booking[0]!.id,
        customerId: inserted[i]!.id,
        bookingRef,
        provider: 'test',
        paymentIntentId,
        idempotencyKey: `booking:${bookingRef}:${price.totalCents}`,
        amount: price.totalCents,
        currency: 'cad',
        status: 'succeeded',
        paymentMethod: 'card_4242',
        metadata: {
          purpose: 'booking',
          serviceType,
          propertySize: r.propertySize,
          includeTick: false,
          includeStandingWater: false,
          extras: [],
          subtotalCents: price.subtotalCents,
          taxCents: price.taxCents,
          totalCents: price.totalCents,
          discountCents: 0,
          breakdown: describeChargedBreakdown(price),
          taxRateBps: Math.round(priceContext.taxRate * 10_000),
          appointmentIds: booking.map((v) => v.id),
          dates: booking.map((v) => v.date).sort(),
          testGateway: { clientSecret: `${paymentIntentId}_secret_demo`, lastError: null },
        },
        succeededAt: paidAt(i),
        receiptSeller,
        createdAt: paidAt(i),
        updatedAt: paidAt(i),
      };
    }));
  });
}
