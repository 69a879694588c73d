import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('runs offline with nothing set: embedded database, local demo, test payments, outbox mail', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ APP_ENV: 'local', PGLITE_DATA_DIR: './data/pglite', PUBLIC_SITE_URL: 'http://localhost:3000', TRUSTED_PROXY_HOPS: 1 });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable and says what is wrong with it', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x', STRIPE_SECRET_KEY: 'pk_nope', ADMIN_PASSWORD: 'short' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL[\s\S]*STRIPE_SECRET_KEY: must start with sk_[\s\S]*ADMIN_PASSWORD: must be at least 12 characters/,
    );
  });

  it('wants the publishable key with the secret key', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });

  it('refuses the demo staff account on a public address', () => {
    expect(() => parseEnv({ PUBLIC_SITE_URL: 'https://escarpmentmosquito.ca' })).toThrow(/APP_ENV: is 'local'.*set APP_ENV=production/);
    expect(parseEnv({ PUBLIC_SITE_URL: 'https://escarpmentmosquito.ca', APP_ENV: 'production' }).APP_ENV).toBe('production');
    expect(parseEnv({ PUBLIC_SITE_URL: 'http://127.0.0.1:3100' }).APP_ENV).toBe('local');
  });

  it('refuses a production server whose public address is localhost: every email link would point there', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', APP_ENV: 'production' })).toThrow(/PUBLIC_SITE_URL: is http:\/\/localhost:3000, but APP_ENV=production/);
    expect(() => parseEnv({ NODE_ENV: 'production', APP_ENV: 'production', PUBLIC_SITE_URL: 'http://127.0.0.1:3000' })).toThrow(/PUBLIC_SITE_URL/);
    expect(parseEnv({ NODE_ENV: 'production', APP_ENV: 'production', PUBLIC_SITE_URL: 'https://escarpmentmosquito.ca', BOOKING_LINK_SECRET: 'x'.repeat(32) }).PUBLIC_SITE_URL).toBe('https://escarpmentmosquito.ca');
    // A local production build (the e2e runs) keeps its localhost address.
    expect(parseEnv({ NODE_ENV: 'production' }).PUBLIC_SITE_URL).toBe('http://localhost:3000');
  });

  it('wants its own key for the customers\' booking links on a production server, of at least 32 characters', () => {
    const site = { NODE_ENV: 'production', APP_ENV: 'production', PUBLIC_SITE_URL: 'https://escarpmentmosquito.ca' };
    expect(() => parseEnv(site)).toThrow(/BOOKING_LINK_SECRET: required in production/);
    expect(() => parseEnv({ ...site, BOOKING_LINK_SECRET: 'short' })).toThrow(/BOOKING_LINK_SECRET: must be at least 32 characters/);
    // Local runs (and the e2e's local production build) use the development key.
    expect(parseEnv({ NODE_ENV: 'production' }).BOOKING_LINK_SECRET).toBeUndefined();
  });
});
