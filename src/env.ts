import { z } from 'zod';

/**
 * The only reader of process.env. Every variable is optional: with none set the app runs
 * offline on embedded PGlite, the built-in test payment gateway and the email outbox.
 */
const optionalUrl = z.url().optional();
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  APP_ENV: opt(z.enum(['local', 'production'])).default('local'),
  DATABASE_URL: opt(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')),
  PGLITE_DATA_DIR: opt(z.string()).default('./data/pglite'),
  PUBLIC_SITE_URL: opt(z.url()).default('http://localhost:3000'),
  STRIPE_SECRET_KEY: opt(z.string().startsWith('sk_', 'must start with sk_')),
  STRIPE_PUBLISHABLE_KEY: opt(z.string().startsWith('pk_', 'must start with pk_')),
  STRIPE_WEBHOOK_SECRET: opt(z.string().startsWith('whsec_', 'must start with whsec_')),
  STRIPE_API_BASE: opt(z.url()),
  SMTP_URL: opt(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: opt(z.string()).default('Escarpment Mosquito & Tick <hello@escarpmentmosquito.ca>'),
  STAFF_NOTIFY_EMAIL: opt(z.email()).default('hello@escarpmentmosquito.ca'),
  ADMIN_USERNAME: opt(z.string().min(3)),
  ADMIN_PASSWORD: opt(z.string().min(12, 'must be at least 12 characters')),
  OSRM_URL: optionalUrl,
  GEOCODER_URL: optionalUrl,
  META_PIXEL_ID: opt(z.string()),
  GOOGLE_ADS_ID: opt(z.string()),
  LOG_LEVEL: opt(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
  OUTBOX_INTERVAL_MS: opt(z.coerce.number().int().min(0)).default(5000),
  VISIT_REMINDER_INTERVAL_MS: opt(z.coerce.number().int().min(0)).default(300_000),
  // How often the privacy retention sweep runs (features/privacy, decision 0049); 0 turns it off.
  RETENTION_SWEEP_INTERVAL_MS: opt(z.coerce.number().int().min(0)).default(3_600_000),
  TRUSTED_PROXY_HOPS: opt(z.coerce.number().int().min(0).max(10)).default(1),
  // Keys the customers' "Manage your booking" links (features/manage-booking, decision 0032).
  BOOKING_LINK_SECRET: opt(z.string().min(32, 'must be at least 32 characters')),
});

export type Env = z.infer<typeof EnvSchema>;

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.') || host === '[::1]';
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) {
    throw new Error('Invalid environment configuration:\n  - STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set');
  }
  if (env.APP_ENV === 'local' && !isLoopbackUrl(env.PUBLIC_SITE_URL)) {
    // Local runs create the demo staff account whose password is in the README: never on a public address.
    throw new Error(`Invalid environment configuration:\n  - APP_ENV: is 'local' (demo data and the demo staff account) but PUBLIC_SITE_URL is ${env.PUBLIC_SITE_URL}; set APP_ENV=production for a public site`);
  }
  if (env.APP_ENV === 'production' && env.NODE_ENV === 'production' && isLoopbackUrl(env.PUBLIC_SITE_URL)) {
    // Every link in a customer's email (quote, checkout, booking) is built from it: a served
    // production site must not send them to localhost. (Test runs that switch APP_ENV for one
    // behaviour run with NODE_ENV=test and serve nothing.)
    throw new Error(`Invalid environment configuration:\n  - PUBLIC_SITE_URL: is ${env.PUBLIC_SITE_URL}, but APP_ENV=production; set it to the site's public address (https://...), which the emails' links use`);
  }
  if (env.APP_ENV === 'production' && env.NODE_ENV === 'production' && !env.BOOKING_LINK_SECRET) {
    // Local runs key the links with a fixed development secret; a public site must have its own.
    throw new Error('Invalid environment configuration:\n  - BOOKING_LINK_SECRET: required in production (32 or more random characters, e.g. `openssl rand -base64 48`); it keys the customers\' "Manage your booking" links and their unsubscribe links');
  }
  if (env.APP_ENV === 'production' && env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Invalid environment configuration:\n  - STRIPE_WEBHOOK_SECRET: required in production with Stripe keys');
  }
  return env;
}

let cached: Env | undefined;

/** Parsed lazily so tests can set variables before the first read. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests only: forget the parsed values after changing process.env. */
export function resetEnvCache(): void {
  cached = undefined;
}

export const isLocalRun = () => getEnv().APP_ENV === 'local';
