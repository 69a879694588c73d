import 'server-only';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { AppError } from '@/lib/errors';

/**
 * In-process limiters: the app runs as one Node process (embedded database). Behind several
 * instances these would move to rate-limiter-flexible's Redis or Postgres store.
 */
const globalForLimits = globalThis as unknown as { __limiters?: Map<string, RateLimiterMemory> };

export type LimitSpec = { points: number; durationSec: number };

function limiterFor(name: string, spec: LimitSpec): RateLimiterMemory {
  globalForLimits.__limiters ??= new Map();
  let limiter = globalForLimits.__limiters.get(name);
  if (!limiter) {
    limiter = new RateLimiterMemory({ keyPrefix: name, points: spec.points, duration: spec.durationSec });
    globalForLimits.__limiters.set(name, limiter);
  }
  return limiter;
}

/** Spends one point of `key`'s budget; throws a translated 429 when it is spent. */
export async function consumeRateLimit(name: string, key: string, spec: LimitSpec): Promise<void> {
  try {
    await limiterFor(name, spec).consume(key);
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection;
    const retryAfterSec = Math.ceil(((rejection as { msBeforeNext?: number }).msBeforeNext ?? 1000) / 1000);
    throw new AppError('rate_limited', 'errors.rateLimited', { retryAfterSec });
  }
}

/** Gives back the point an attempt spent, for limits that should count only failures. */
export async function refundRateLimit(name: string, key: string): Promise<void> {
  await globalForLimits.__limiters?.get(name)?.reward(key, 1);
}

export async function resetRateLimit(name: string, key: string): Promise<void> {
  await globalForLimits.__limiters?.get(name)?.delete(key);
}
