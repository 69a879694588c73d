/**
 * The price table: every amount the pricing engine uses, as data (DECISIONS §1). The seed writes
 * `DEFAULT_PRICE_TABLE`; a branch can override any part of it through `branches.pricingOverrides`,
 * which `mergePriceTable` validates and applies. No price literal lives anywhere else.
 *
 * All amounts are integer cents before tax.
 */
import { z } from 'zod';

/** Plans sold online, in DECISIONS §2's fixed order (ids 1, 2, 3). */
export const PRICED_SERVICE_TYPES = ['onetime', 'seasonal', 'tick-seasonal'] as const;
export type PricedServiceType = (typeof PRICED_SERVICE_TYPES)[number];

/**
 * Priced property sizes in acres, as string keys so they survive JSON (`branches.pricingOverrides`).
 * Anything above the last tier (SPEC's 999 "Acreage") is a custom quote.
 */
export const SIZE_TIERS = ['0.25', '0.5', '0.75', '1', '1.5', '2'] as const;
export type SizeTier = (typeof SIZE_TIERS)[number];

/** Extras from SPEC §9's quote add-on list: flat amounts, no size surcharge. */
export const EXTRA_CODES = [
  'breeding-site-inspection',
  'standing-water-larvicide',
  'natural-barrier',
] as const;
export type ExtraCode = (typeof EXTRA_CODES)[number];

/** Per-size amounts for one tier. */
export interface SizeTierPrices {
  /** Added to each visit's price, per plan (one-time and seasonal differ at 0.75 acre). */
  planBumpCents: Record<PricedServiceType, number>;
  /** Added to size-dependent add-ons (seasonal tick add-on, one-time targeted insects). */
  surchargeCents: number;
}

export interface PriceTable {
  plans: {
    /** One visit: `basePriceCents + bump`. */
    onetime: { basePriceCents: number; visits: number };
    /** First visit at the promotional price, the rest at `perVisitCents + bump`. */
    seasonal: { firstVisitCents: number; perVisitCents: number; visits: number };
    /** Every visit at `perVisitCents + bump`. */
    'tick-seasonal': { perVisitCents: number; visits: number };
  };
  sizes: Record<SizeTier, SizeTierPrices>;
  addOns: {
    tick: {
      /** Flat tick add-on on a one-time treatment. */
      onetimeCents: number;
      /** Seasonal tick add-on: `(perVisitCents + surcharge) × visits − bundleSavingCents`. */
      seasonalPerVisitCents: number;
      seasonalVisits: number;
      /** SPEC's advertised "$60 saving when tick control is combined". */
      seasonalBundleSavingCents: number;
    };
    targetedInsects: {
      /** One-time: `onetimeBaseCents + surcharge`. */
      onetimeBaseCents: number;
      /** Seasonal and tick-seasonal: flat. */
      seasonalFlatCents: number;
    };
  };
  extras: Record<ExtraCode, number>;
  premiumArea: {
    /** Case-insensitive substrings of the service address. */
    keywords: string[];
    /** Applied to the pre-tax total before rounding to whole dollars. */
    multiplier: number;
  };
  /** Permanent misting system: not sold online, shown as "$299 per year" next to the consult. */
  mistingSystem: { annualCents: number };
}

/** DECISIONS §1's canonical numbers. The seed stores exactly this. */
export const DEFAULT_PRICE_TABLE: PriceTable = {
  plans: {
    onetime: { basePriceCents: 9900, visits: 1 },
    seasonal: { firstVisitCents: 4900, perVisitCents: 7900, visits: 5 },
    'tick-seasonal': { perVisitCents: 7900, visits: 3 },
  },
  sizes: {
    '0.25': { planBumpCents: { onetime: 0, seasonal: 0, 'tick-seasonal': 0 }, surchargeCents: 2000 },
    '0.5': {
      planBumpCents: { onetime: 2000, seasonal: 2000, 'tick-seasonal': 2000 },
      surchargeCents: 2000,
    },
    '0.75': {
      planBumpCents: { onetime: 4000, seasonal: 4500, 'tick-seasonal': 4500 },
      surchargeCents: 5000,
    },
    '1': {
      planBumpCents: { onetime: 8000, seasonal: 8000, 'tick-seasonal': 8000 },
      surchargeCents: 8000,
    },
    '1.5': {
      planBumpCents: { onetime: 12000, seasonal: 12000, 'tick-seasonal': 12000 },
      surchargeCents: 12000,
    },
    '2': {
      planBumpCents: { onetime: 16000, seasonal: 16000, 'tick-seasonal': 16000 },
      surchargeCents: 16000,
    },
  },
  addOns: {
    tick: {
      onetimeCents: 4900,
      seasonalPerVisitCents: 7900,
      seasonalVisits: 3,
      seasonalBundleSavingCents: 6000,
    },
    targetedInsects: { onetimeBaseCents: 7900, seasonalFlatCents: 7900 },
  },
  extras: {
    'breeding-site-inspection': 4900,
    'standing-water-larvicide': 3900,
    'natural-barrier': 19900,
  },
  premiumArea: {
    keywords: ['ancaster', 'dundas', 'waterdown', 'westdale', 'hamilton mountain'],
    multiplier: 1.1,
  },
  mistingSystem: { annualCents: 29900 },
};

const CentsSchema = z.number().int().nonnegative();
const VisitsSchema = z.number().int().positive().max(52);

const PlanBumpOverridesSchema = z
  .object({ onetime: CentsSchema, seasonal: CentsSchema, 'tick-seasonal': CentsSchema })
  .partial()
  .strict();

const SizeTierOverridesSchema = z
  .object({ planBumpCents: PlanBumpOverridesSchema, surchargeCents: CentsSchema })
  .partial()
  .strict();

/**
 * Validates `branches.pricingOverrides`: a deep partial of `PriceTable`. Objects merge key by key;
 * arrays (premium keywords) replace the default list. Unknown keys are rejected so a typo in
 * branch configuration fails loudly instead of silently charging the default.
 */
export const PriceTableOverridesSchema = z
  .object({
    plans: z
      .object({
        onetime: z.object({ basePriceCents: CentsSchema, visits: VisitsSchema }).partial().strict(),
        seasonal: z
          .object({ firstVisitCents: CentsSchema, perVisitCents: CentsSchema, visits: VisitsSchema })
          .partial()
          .strict(),
        'tick-seasonal': z
          .object({ perVisitCents: CentsSchema, visits: VisitsSchema })
          .partial()
          .strict(),
      })
      .partial()
      .strict(),
    sizes: z
      .object(
        Object.fromEntries(SIZE_TIERS.map((tier) => [tier, SizeTierOverridesSchema])) as Record<
          SizeTier,
          typeof SizeTierOverridesSchema
        >,
      )
      .partial()
      .strict(),
    addOns: z
      .object({
        tick: z
          .object({
            onetimeCents: CentsSchema,
            seasonalPerVisitCents: CentsSchema,
            seasonalVisits: VisitsSchema,
            seasonalBundleSavingCents: CentsSchema,
          })
          .partial()
          .strict(),
        targetedInsects: z
          .object({ onetimeBaseCents: CentsSchema, seasonalFlatCents: CentsSchema })
          .partial()
          .strict(),
      })
      .partial()
      .strict(),
    extras: z
      .object(
        Object.fromEntries(EXTRA_CODES.map((code) => [code, CentsSchema])) as Record<
          ExtraCode,
          typeof CentsSchema
        >,
      )
      .partial()
      .strict(),
    premiumArea: z
      .object({
        keywords: z.array(z.string().trim().min(1).toLowerCase()),
        // A "premium" that lowers prices, or a typo like 11, is a configuration error.
        multiplier: z.number().min(1).max(3),
      })
      .partial()
      .strict(),
    mistingSystem: z.object({ annualCents: CentsSchema }).partial().strict(),
  })
  .partial()
  .strict();

export type PriceTableOverrides = z.infer<typeof PriceTableOverridesSchema>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeDeep<T>(base: T, override: unknown): T {
  if (override === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(override)) return override as T;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    merged[key] = mergeDeep(base[key], value);
  }
  return merged as T;
}

/**
 * Applies a branch's `pricingOverrides` to a base table and returns a new table (inputs are not
 * mutated). `null`/`undefined` means "no overrides".
 *
 * @param overrides - raw JSON from `branches.pricingOverrides`; validated here with
 *   `PriceTableOverridesSchema`
 * @throws {z.ZodError} when the overrides are malformed (a configuration error, not user input)
 */
export function mergePriceTable(base: PriceTable, overrides: unknown): PriceTable {
  if (overrides === null || overrides === undefined) return base;
  const parsed = PriceTableOverridesSchema.parse(overrides);
  return mergeDeep(base, parsed);
}
