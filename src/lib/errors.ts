/**
 * The one typed error. `messageKey` is a key in the `errors` message namespace, so the text a
 * person sees is translated; `details` goes to the client as data (e.g. the current price).
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  price_changed: 409,
  day_full: 409,
  /** A move that would put a plan's visits out of order or too close together (0035). */
  visit_spacing: 409,
  gone: 410,
  payload_too_large: 413,
  rate_limited: 429,
  payment_failed: 402,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly details?: Record<string, unknown>,
    readonly params?: Record<string, string | number>,
  ) {
    super(`${code}: ${messageKey}`);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
