/**
 * What the day sheet keeps on a phone, and how it leaves (docs/decisions/0045, 0048): the outbox and
 * the saved days in `localStorage` per signed-in account, and the service worker's caches (the sheet's
 * page, rendered for one account, and the build's files). No React: the staff shell's logout and
 * login use it too. The browser's objects are passed in, so the rules are unit-tested.
 */
import { localePath } from '@/components/site/locale-paths';
import { dayCopiesKey } from './day-sheet-copies';
import { type KeyValueStore, outboxKey, type QueuedStopChange, readOutbox } from './stop-outbox';

/** The day sheet's service worker, served as is from `public/`. */
export const DAY_SHEET_WORKER_URL = '/sw-day-sheet.js';

/** The start of every cache name the worker uses (its CACHE_PREFIX; `sw-day-sheet.test.ts` holds them equal). */
export const DAY_SHEET_CACHE_PREFIX = 'escarpment-day-sheet:';

/** The worker's scope in a language: the sheet's own path, so that no other page is ever controlled. */
export function findDaySheetScope(locale: string): string {
  return localePath(locale, '/day-sheet');
}

/** How long a sign-in or logout waits for each worker to say it forgot (it answers at once unless the phone is very busy). */
export const FORGET_TIMEOUT_MS = 3000;

/** Where a build's files are served from (the worker keeps these for the sheet). */
const BUILD_FILES_PATH = '/_next/static/';

/**
 * The build files among `urls` (a sheet's resource entries) that it has not told its worker of yet:
 * the files that finished loading after its first list (docs/decisions/0061). Another site's files
 * and anything else (the API, pages) are left out.
 */
export function listLateBuildFiles(told: ReadonlySet<string>, urls: readonly string[], origin: string): string[] {
  const late = new Set<string>();
  for (const name of urls) {
    let url: URL;
    try {
      url = new URL(name);
    } catch {
      continue;
    }
    if (url.origin === origin && url.pathname.startsWith(BUILD_FILES_PATH) && !told.has(url.href)) late.add(url.href);
  }
  return [...late];
}

let removalsStarted = 0;

/**
 * How many removals (sign-ins, logouts) this page has started: a sheet that saw the count change
 * tells its worker nothing more (the worker itself refuses anything asked before, 0061).
 */
export function countDaySheetRemovals(): number {
  return removalsStarted;
}

/** `localStorage`, or null where the browser forbids it (some private modes). */
export function openDaySheetStore(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The browser's parts the removal uses; each may be missing (an old browser, a page served over plain HTTP). */
export type DaySheetDevice = {
  store: KeyValueStore | null;
  caches?: Pick<CacheStorage, 'keys' | 'delete'>;
  serviceWorker?: Pick<ServiceWorkerContainer, 'getRegistrations'>;
};

export function findDaySheetDevice(): DaySheetDevice {
  return {
    store: openDaySheetStore(),
    caches: typeof caches === 'undefined' ? undefined : caches,
    serviceWorker: typeof navigator === 'undefined' || !('serviceWorker' in navigator) ? undefined : navigator.serviceWorker,
  };
}

/** The changes made on the sheet that have not reached the office: a logout would lose them. */
export function listWaitingChanges(store: KeyValueStore | null, owner: number): QueuedStopChange[] {
  return store ? readOutbox(store, owner) : [];
}

function isDaySheetRegistration(registration: ServiceWorkerRegistration): boolean {
  return [registration.installing, registration.waiting, registration.active]
    .some((worker) => worker !== null && new URL(worker.scriptURL).pathname === DAY_SHEET_WORKER_URL);
}

async function findDaySheetRegistrations(serviceWorker: DaySheetDevice['serviceWorker']): Promise<ServiceWorkerRegistration[]> {
  try {
    return ((await serviceWorker?.getRegistrations()) ?? []).filter(isDaySheetRegistration);
  } catch {
    // No service workers here: none to find.
    return [];
  }
}

/** Tells one worker to forget; resolves when it says it did, or after `timeoutMs` without an answer. Never rejects. */
function askToForget(worker: ServiceWorker, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    try {
      const channel = new MessageChannel();
      const timer = setTimeout(() => finish(), timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        channel.port1.close();
        resolve();
      };
      channel.port1.onmessage = finish;
      worker.postMessage({ type: 'forget' }, [channel.port2]);
    } catch {
      // A worker that cannot be told (gone meanwhile): its caches are deleted all the same.
      resolve();
    }
  });
}

/**
 * Tells every running day sheet worker to forget (docs/decisions/0061): each keeps nothing asked for
 * before, however late it arrives, and answers once its cache is deleted. A worker that does not
 * answer within `timeoutMs` is not waited for longer: the caches are deleted anyway.
 */
export async function forgetDaySheetWorkers(serviceWorker: DaySheetDevice['serviceWorker'], timeoutMs = FORGET_TIMEOUT_MS): Promise<void> {
  const registrations = await findDaySheetRegistrations(serviceWorker);
  await Promise.all(registrations.map((registration) => registration.active)
    .filter((worker): worker is ServiceWorker => worker !== null)
    .map((worker) => askToForget(worker, timeoutMs)));
}

/**
 * Deletes the worker's caches: the sheet's kept page is the signed-in account's, so it goes when
 * anyone signs in or out. The workers are told first, so that nothing on its way is kept after.
 * Never throws: a browser that refuses leaves nothing to delete.
 */
export async function removeDaySheetCaches(device: Pick<DaySheetDevice, 'caches' | 'serviceWorker'>): Promise<void> {
  removalsStarted += 1;
  await forgetDaySheetWorkers(device.serviceWorker);
  const cacheStorage = device.caches;
  if (!cacheStorage) return;
  try {
    const names = await cacheStorage.keys();
    await Promise.all(names.filter((name) => name.startsWith(DAY_SHEET_CACHE_PREFIX)).map((name) => cacheStorage.delete(name)));
  } catch {
    // Storage turned off: there is nothing kept.
  }
}

/**
 * Everything the day sheet keeps on this phone for `owner`, removed at logout: the outbox (the
 * caller asks first when changes wait in it), the saved days, the worker and its caches. A shared
 * phone keeps nothing of one person's day for the next. Never throws.
 */
export async function removeDaySheetFromDevice(owner: number, device: DaySheetDevice): Promise<void> {
  for (const key of [outboxKey(owner), dayCopiesKey(owner)]) {
    try {
      device.store?.removeItem(key);
    } catch {
      // Storage turned off: nothing was kept.
    }
  }
  // The workers forget and their caches go; then they are removed (a worker removed from the phone
  // still serves the tab it controls until that tab leaves, 0061).
  await removeDaySheetCaches(device);
  try {
    await Promise.all((await findDaySheetRegistrations(device.serviceWorker)).map((registration) => registration.unregister()));
  } catch {
    // Refused: nothing more to remove.
  }
}
