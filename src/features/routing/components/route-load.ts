/** A day's routes that could not be read: the HTTP status of the answer. */
export class RouteLoadError extends Error {
  constructor(readonly status: number) {
    super(`load failed: ${status}`);
  }
}

/**
 * Why a day could not be read or planned. `session`: the sign-in behind the page ended (two idle
 * hours, signed out or deactivated elsewhere) or no longer opens it, so "Try again" would only fail
 * again; loading the page anew sends the person to the login form. `error`: anything else (no
 * network in a back yard, a server hiccup), worth trying again as it is.
 */
export type LoadFailure = 'session' | 'error';

export function classifyLoadFailure(error: unknown): LoadFailure {
  return error instanceof RouteLoadError && (error.status === 401 || error.status === 403) ? 'session' : 'error';
}
