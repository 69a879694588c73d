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

/**
 * Deletes the worker's caches: the sheet's kept page is the signed-in account's, so it goes when
 * anyone signs in or out. Never throws: a browser that refuses leaves nothing to delete.
 */
export async function removeDaySheetCaches(cacheStorage: DaySheetDevice['caches']): Promise<void> {
  if (!cacheStorage) return;
  try {
    const names = await cacheStorage.keys();
    await Promise.all(names.filter((name) => name.startsWith(DAY_SHEET_CACHE_PREFIX)).map((name) => cacheStorage.delete(name)));
  } catch {
    // Storage turned off: there is nothing kept.
  }
}

function isDaySheetRegistration(registration: ServiceWorkerRegistration): boolean {
  return [registration.installing, registration.waiting, registration.active]
    .some((worker) => worker !== null && new URL(worker.scriptURL).pathname === DAY_SHEET_WORKER_URL);
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
  try {
    const registrations = (await device.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.filter(isDaySheetRegistration).map((registration) => registration.unregister()));
  } catch {
    // No service workers here: none to remove.
  }
  await removeDaySheetCaches(device.caches);
}
