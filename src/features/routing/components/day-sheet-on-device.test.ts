import { describe, expect, it } from 'vitest';
import { dayCopiesKey } from './day-sheet-copies';
import {
  DAY_SHEET_CACHE_PREFIX, DAY_SHEET_WORKER_URL, findDaySheetScope, listWaitingChanges, removeDaySheetCaches, removeDaySheetFromDevice,
} from './day-sheet-on-device';
import { MemoryStore } from './memory-store.test-support';
import { outboxKey, type QueuedStopChange, writeOutbox } from './stop-outbox';

const mark = (id: string, name: string): QueuedStopChange => ({
  id, appointmentId: 40, status: 'completed', takenAt: '2027-06-11T14:05:00.000Z', name, note: 'Back fence', tried: false,
});

class FakeCaches {
  constructor(readonly names: string[], readonly failing = false) {}
  async keys() {
    if (this.failing) throw new DOMException('denied', 'SecurityError');
    return [...this.names];
  }
  async delete(name: string) {
    const at = this.names.indexOf(name);
    if (at >= 0) this.names.splice(at, 1);
    return at >= 0;
  }
}

function registration(scriptPath: string) {
  const worker = { scriptURL: `https://escarpment.test${scriptPath}` };
  return { installing: null, waiting: null, active: worker, unregistered: false, async unregister() { this.unregistered = true; return true; } };
}

describe('the day sheet worker\'s scope', () => {
  it.each([['en', '/day-sheet'], ['es', '/es/day-sheet'], ['fr', '/fr/day-sheet'], ['de', '/de/day-sheet']])('is the sheet itself in %s', (locale, scope) => {
    expect(findDaySheetScope(locale)).toBe(scope);
  });
});

describe('changes waiting at logout', () => {
  it('are the signed-in account\'s outbox, in the order taken', () => {
    const store = new MemoryStore();
    writeOutbox(store, 7, [mark('a', 'Ann Lee'), mark('b', 'Bo Chan')]);
    writeOutbox(store, 8, [mark('c', 'Cy Dunn')]);
    expect(listWaitingChanges(store, 7).map((change) => change.name)).toEqual(['Ann Lee', 'Bo Chan']);
    expect(listWaitingChanges(store, 9)).toEqual([]);
    expect(listWaitingChanges(null, 7)).toEqual([]);
  });
});

describe('removing the day sheet from a phone', () => {
  it('at logout: the account\'s outbox and saved days, the worker and all its caches; other accounts\' data and other caches stay', async () => {
    const store = new MemoryStore();
    writeOutbox(store, 7, [mark('a', 'Ann Lee')]);
    writeOutbox(store, 8, [mark('c', 'Cy Dunn')]);
    store.setItem(dayCopiesKey(7), '[]');
    store.setItem(dayCopiesKey(8), '[]');
    const caches = new FakeCaches([`${DAY_SHEET_CACHE_PREFIX}v1:/day-sheet`, `${DAY_SHEET_CACHE_PREFIX}v1:/fr/day-sheet`, 'someone-else']);
    const sheet = registration(DAY_SHEET_WORKER_URL);
    const other = registration('/another-worker.js');
    await removeDaySheetFromDevice(7, { store, caches, serviceWorker: { getRegistrations: async () => [sheet, other] as unknown as ServiceWorkerRegistration[] } });
    expect(store.getItem(outboxKey(7))).toBeNull();
    expect(store.getItem(dayCopiesKey(7))).toBeNull();
    expect(store.getItem(outboxKey(8))).not.toBeNull();
    expect(store.getItem(dayCopiesKey(8))).not.toBeNull();
    expect(caches.names).toEqual(['someone-else']);
    expect(sheet.unregistered).toBe(true);
    expect(other.unregistered).toBe(false);
  });

  it('goes as far as the browser lets it, and never throws', async () => {
    const store = new MemoryStore();
    store.setItem(dayCopiesKey(7), '[]');
    const refusing = { getItem: () => null, setItem: () => undefined, removeItem: () => { throw new DOMException('denied', 'SecurityError'); } };
    const caches = new FakeCaches([`${DAY_SHEET_CACHE_PREFIX}v1:/day-sheet`]);
    await expect(removeDaySheetFromDevice(7, { store: refusing, caches, serviceWorker: { getRegistrations: () => Promise.reject(new Error('no')) } })).resolves.toBeUndefined();
    expect(caches.names).toEqual([]);
    await expect(removeDaySheetFromDevice(7, { store, caches: new FakeCaches([], true) })).resolves.toBeUndefined();
    expect(store.getItem(dayCopiesKey(7))).toBeNull();
    await expect(removeDaySheetFromDevice(7, { store: null })).resolves.toBeUndefined();
  });

  it('at sign-in: the worker\'s caches only (the kept page is the last account\'s), each account\'s own data stays', async () => {
    const caches = new FakeCaches([`${DAY_SHEET_CACHE_PREFIX}v1:/de/day-sheet`, 'someone-else']);
    await removeDaySheetCaches(caches);
    expect(caches.names).toEqual(['someone-else']);
    await expect(removeDaySheetCaches(undefined)).resolves.toBeUndefined();
    await expect(removeDaySheetCaches(new FakeCaches([], true))).resolves.toBeUndefined();
  });
});
