/**
 * The one client analytics module (SPEC §7, DECISIONS §11).
 *
 * Third-party pixels (Meta pixel, Google Ads tag) send nothing unless their ids were configured on
 * the server (passed down to `ConsentBanner`, which calls `configureAnalytics`) AND the visitor
 * accepted them in the banner. By default nothing loads and `trackEvent` is a no-op.
 *
 * The first-party funnel (`recordFunnelStep`) posts to our own /api/booking-analytics.
 */

export type AnalyticsIds = { metaPixelId?: string | null; googleAdsId?: string | null };
export type AnalyticsEvent = 'Lead' | 'Schedule' | 'Purchase';
export type ConsentChoice = 'granted' | 'denied';

export const CONSENT_STORAGE_KEY = 'analyticsConsent';
export const HST_MULTIPLIER = 1.13;

type Fbq = ((...args: unknown[]) => void) & {
  queue?: unknown[][]; loaded?: boolean; version?: string; callMethod?: (...args: unknown[]) => void; push?: unknown; disablePushState?: boolean;
};
type AnalyticsWindow = Window & { fbq?: Fbq; _fbq?: Fbq; gtag?: (...args: unknown[]) => void; dataLayer?: unknown[] };

let ids: AnalyticsIds = {};
let loaded = false;

/** Called by the consent banner with the ids the server configured. */
export function configureAnalytics(next: AnalyticsIds): void {
  ids = { metaPixelId: next.metaPixelId || null, googleAdsId: next.googleAdsId || null };
}

export function hasAnalyticsIds(): boolean {
  return !!(ids.metaPixelId || ids.googleAdsId);
}

export function readConsent(): ConsentChoice | null {
  try {
    const value = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

export function storeConsent(choice: ConsentChoice): void {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, choice);
  } catch {
    // Private mode: the choice lasts for this page only, which still errs on the side of not tracking.
  }
  if (choice === 'granted') loadPixels();
}

function canTrack(): boolean {
  return typeof window !== 'undefined' && hasAnalyticsIds() && readConsent() === 'granted';
}

/**
 * Query parameters that open a customer's data or payment, or are personal information: a quote's
 * link token (`token` on /book-quote, `quoteToken` on the quote email's "Buy now" link), a booking
 * reference, a card payment's client secret, and the name, email, phone and street address that
 * SPEC's /checkout-new and direct-purchase links carry (the service-request form sends them so).
 * A pixel reports the page's whole address, so while the address carries one of these it gets
 * none of them (decisions 0026, 0029).
 */
export const PRIVATE_QUERY_PARAMS = [
  'token', 'quoteToken', 'ref', 'bookingRef', 'payment_intent_client_secret', 'setup_intent_client_secret',
  'name', 'firstName', 'lastName', 'email', 'phone', 'address', 'postalCode',
] as const;

/** The address with the private parameters removed; null when it had none. */
export function withoutPrivateParams(href: string): string | null {
  const url = new URL(href);
  const found = PRIVATE_QUERY_PARAMS.filter((name) => url.searchParams.has(name));
  if (found.length === 0) return null;
  for (const name of found) url.searchParams.delete(name);
  return url.toString();
}

/**
 * Pages whose path itself is a key: a customer's "Manage your booking" link (decision 0032) and
 * their unsubscribe link (0043), in every language. No pixel loads or reports there either.
 */
export const PRIVATE_PATH_PATTERN = /^\/(?:[a-z]{2}\/)?(?:manage-booking|unsubscribe)(?:\/|$)/;

/** Whether a page address opens someone's data: a private query parameter, or a private path. */
export function isPrivateAddress(href: string): boolean {
  return withoutPrivateParams(href) !== null || PRIVATE_PATH_PATTERN.test(new URL(href).pathname);
}

function currentAddressIsPrivate(): boolean {
  const href = (window as Partial<Window>).location?.href;
  return href !== undefined && isPrivateAddress(href);
}

function injectScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/**
 * Loads the configured pixels once, only after consent, and never on a page whose address is
 * private: they load on the next ordinary page instead. Meta's pixel is told not to report
 * in-app navigations by itself (`disablePushState`), which would send private addresses later.
 */
export function loadPixels(): void {
  if (loaded || !canTrack() || currentAddressIsPrivate()) return;
  loaded = true;
  const w = window as AnalyticsWindow;
  if (ids.metaPixelId && !w.fbq) {
    const fbq: Fbq = (...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else (fbq.queue ??= []).push(args);
    };
    fbq.loaded = true;
    fbq.version = '2.0';
    fbq.push = fbq;
    fbq.disablePushState = true;
    w.fbq = fbq;
    w._fbq = fbq;
    injectScript('https://connect.facebook.net/en_US/fbevents.js');
    fbq('init', ids.metaPixelId);
    fbq('track', 'PageView');
  }
  if (ids.googleAdsId && !w.gtag) {
    w.dataLayer ??= [];
    w.gtag = (...args: unknown[]) => { w.dataLayer!.push(args); };
    injectScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ids.googleAdsId)}`);
    w.gtag('js', new Date());
    // Google's tag reports page changes by itself; it is given no page views, only the purchase.
    w.gtag('config', ids.googleAdsId, { send_page_view: false });
  }
}

/**
 * The analytics value: SPEC §7 reports the total × 1.13 when only the pre-tax total is known.
 * With the after-tax total in cents, that is used as is.
 */
export function computeEventValue(data: { preTaxTotal?: number | null; totalCents?: number | null }): number | undefined {
  if (typeof data.totalCents === 'number') return Math.round(data.totalCents) / 100;
  if (typeof data.preTaxTotal === 'number') return Math.round(data.preTaxTotal * HST_MULTIPLIER * 100) / 100;
  return undefined;
}

/**
 * Lead (quote sent), Schedule (appointment booked), Purchase (payment). A no-op without ids and
 * consent, and on a page whose address is private (`PRIVATE_QUERY_PARAMS`).
 */
export function trackEvent(
  event: AnalyticsEvent,
  data: { preTaxTotal?: number | null; totalCents?: number | null; contentName?: string; transactionId?: string } = {},
): boolean {
  if (!canTrack() || currentAddressIsPrivate()) return false;
  loadPixels();
  const w = window as AnalyticsWindow;
  const value = computeEventValue(data);
  const payload = { currency: 'CAD', ...(value !== undefined ? { value } : {}), ...(data.contentName ? { content_name: data.contentName } : {}) };
  w.fbq?.('track', event, payload);
  if (event === 'Purchase' && ids.googleAdsId) {
    w.gtag?.('event', 'purchase', { ...payload, transaction_id: data.transactionId, send_to: ids.googleAdsId });
  }
  return true;
}

const SESSION_KEY = 'bookingSessionId';
const JOURNEY_KEY = 'bookingJourney';

function readSessionId(): string {
  try {
    let id = window.sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      window.sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return 'no-session-storage';
  }
}

function appendJourney(step: { stage: string; at: string; page: string }): void {
  try {
    const journey = JSON.parse(window.sessionStorage.getItem(JOURNEY_KEY) ?? '[]') as unknown[];
    journey.push(step);
    window.sessionStorage.setItem(JOURNEY_KEY, JSON.stringify(journey.slice(-50)));
  } catch {
    // A broken stored journey is replaced rather than blocking the booking.
    try { window.sessionStorage.setItem(JOURNEY_KEY, JSON.stringify([step])); } catch { /* storage unavailable */ }
  }
}

export type FunnelStep = {
  planType?: string;
  propertySize?: number | string;
  city?: string;
  postalCode?: string;
  customerInfo?: { email?: string; name?: string; address?: string; city?: string; postalCode?: string };
  conversionStage?: string;
};

/** SPEC §3 plan ids for the analytics record: 1 onetime, 2 seasonal, else 3. */
export function analyticsPlanId(planType: string | undefined): number {
  return planType === 'onetime' ? 1 : planType === 'seasonal' ? 2 : 3;
}

/**
 * First-party funnel step (SPEC §3 booking analytics record). Failures are only logged: the
 * booking never waits on it.
 */
export function recordFunnelStep(step: FunnelStep): void {
  if (typeof window === 'undefined') return;
  const stage = step.conversionStage ?? 'booking_initiated';
  const timestamp = new Date().toISOString();
  appendJourney({ stage, at: timestamp, page: window.location.pathname });
  const size = Number(step.propertySize);
  const record = {
    timestamp,
    planType: step.planType,
    planId: analyticsPlanId(step.planType),
    propertySize: Number.isFinite(size) ? size : undefined,
    location: { city: step.city, postalCode: step.postalCode },
    sessionId: readSessionId(),
    pageSource: window.location.pathname,
    customerInfo: step.customerInfo,
    conversionStage: stage,
  };
  fetch('/api/booking-analytics', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify(record),
    keepalive: true,
  }).catch((err) => console.info('booking analytics not recorded', err));
}
