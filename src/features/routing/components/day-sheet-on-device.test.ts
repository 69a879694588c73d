import { describe, expect, it } from 'vitest';
import { dayCopiesKey } from './day-sheet-copies';
import {
  countDaySheetRemovals, DAY_SHEET_CACHE_PREFIX, DAY_SHEET_WORKER_URL, findDaySheetScope, forgetDaySheetWorkers, listLateBuildFiles,
  listWaitingChanges, removeDaySheetCaches, removeDaySheetFromDevice,
} from './day-sheet-on-device';
import { MemoryStore } from './memory-store.test-support';
import { outboxKey, type QueuedStopChange, writeOutbox } from './stop-outbox';

const mark = (id: string, name: string): QueuedStopChange => ({
  id, appointmentId: 40, status: 'completed', takenAt: '2027-06-11T14:05:00.000Z', name, note: 'Back fence', tried: false,
});

class FakeCaches {
  constructor(readonly names: string[], readonly failing = false, readonly log: string[] = []) {}
  async keys() {
    if (this.failing) throw new DOMException('denied', 'SecurityError');
    return [...this.names];
  }
  async delete(name: string) {
    this.log.push(`delete ${name}`);
    const at = this.names.indexOf(name);
    if (at >= 0) this.names.splice(at, 1);
    return at >= 0;
  }
}

/**
 * A registration whose worker answers "forget" as sw-day-sheet.js does (after a moment), or never
 * (`answers` false: a worker too busy to answer).
 */
function registration(scriptPath: string, log: string[] = [], answers = true) {
  const worker = {
    scriptURL: `https://escarpment.test${scriptPath}`,
    postMessage(data: { type: string }, ports: MessagePort[] = []) {
      log.push(`${data.type} ${scriptPath}`);
      if (answers) {
        setTimeout(() => {
          log.push(`forgotten ${scriptPath}`);
          ports[0]?.postMessage({ type: 'forgotten' });
        }, 5);
      }
    },
  };
  return {
    installing: null, waiting: null, active: worker, unregistered: false,
    async unregister() {
      log.push(`unregister ${scriptPath}`);
      this.unregistered = true;
      return true;
    },
  };
}

const devices = (...registrations: ReturnType<typeof registration>[]) => ({ getRegistrations: async () => registrations as unknown as ServiceWorkerRegistration[] });

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
    await removeDaySheetCaches({ caches });
    expect(caches.names).toEqual(['someone-else']);
    await expect(removeDaySheetCaches({})).resolves.toBeUndefined();
    await expect(removeDaySheetCaches({ caches: new FakeCaches([], true) })).resolves.toBeUndefined();
  });
});

describe('telling the workers to forget (docs/decisions/0061)', () => {
  it('at logout: every day sheet worker forgets and answers before its caches are deleted and it is removed', async () => {
    const log: string[] = [];
    const caches = new FakeCaches([`${DAY_SHEET_CACHE_PREFIX}v1:/day-sheet`, `${DAY_SHEET_CACHE_PREFIX}v1:/fr/day-sheet`], false, log);
    const en = registration(DAY_SHEET_WORKER_URL, log);
    const other = registration('/another-worker.js', log);
    await removeDaySheetFromDevice(7, { store: new MemoryStore(), caches, serviceWorker: devices(en, other) });
    expect(log).toEqual([
      `forget ${DAY_SHEET_WORKER_URL}`, `forgotten ${DAY_SHEET_WORKER_URL}`,
      `delete ${DAY_SHEET_CACHE_PREFIX}v1:/day-sheet`, `delete ${DAY_SHEET_CACHE_PREFIX}v1:/fr/day-sheet`,
      `unregister ${DAY_SHEET_WORKER_URL}`,
    ]);
  });

  it('at sign-in: the workers forget before the caches go, and stay', async () => {
    const log: string[] = [];
    const caches = new FakeCaches([`${DAY_SHEET_CACHE_PREFIX}v1:/es/day-sheet`], false, log);
    const es = registration(DAY_SHEET_WORKER_URL, log);
    await removeDaySheetCaches({ caches, serviceWorker: devices(es) });
    expect(log).toEqual([`forget ${DAY_SHEET_WORKER_URL}`, `forgotten ${DAY_SHEET_WORKER_URL}`, `delete ${DAY_SHEET_CACHE_PREFIX}v1:/es/day-sheet`]);
    expect(es.unregistered).toBe(false);
  });

  it('waits no longer than its time for a worker that does not answer, and asks no other worker', async () => {
    const log: string[] = [];
    const started = Date.now();
    await forgetDaySheetWorkers(devices(registration(DAY_SHEET_WORKER_URL, log, false), registration('/another-worker.js', log)), 50);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(log).toEqual([`forget ${DAY_SHEET_WORKER_URL}`]);
    await expect(forgetDaySheetWorkers(undefined, 50)).resolves.toBeUndefined();
    await expect(forgetDaySheetWorkers({ getRegistrations: () => Promise.reject(new Error('no')) }, 50)).resolves.toBeUndefined();
    const gone = registration(DAY_SHEET_WORKER_URL);
    gone.active.postMessage = () => {
      throw new DOMException('gone', 'InvalidStateError');
    };
    await expect(forgetDaySheetWorkers(devices(gone), 50)).resolves.toBeUndefined();
  });

  it('counts each removal started on this page, so that an open sheet tells its worker nothing more', async () => {
    const before = countDaySheetRemovals();
    await removeDaySheetCaches({});
    await removeDaySheetFromDevice(7, { store: null });
    expect(countDaySheetRemovals()).toBe(before + 2);
  });
});

describe('the build files a sheet loaded after its first list', () => {
  const origin = 'https://escarpment.test';
  const told = new Set([`${origin}/_next/static/chunks/a.js`, `${origin}/api/routes/technician?date=2027-05-07`]);

  it('are this site\'s build files not told yet, each once', () => {
    expect(listLateBuildFiles(told, [
      `${origin}/_next/static/chunks/a.js`,
      `${origin}/_next/static/chunks/late.js`,
      `${origin}/_next/static/chunks/late.js`,
      `${origin}/_next/static/media/font.woff2`,
    ], origin)).toEqual([`${origin}/_next/static/chunks/late.js`, `${origin}/_next/static/media/font.woff2`]);
  });

  it('leave out the API, pages, other sites\' files and names that are not addresses', () => {
    expect(listLateBuildFiles(told, [
      `${origin}/api/routes/technician?date=2027-05-08`,
      `${origin}/day-sheet?_rsc=1x2y`,
      `${origin}/_next/image?url=%2Ficon.svg&w=64&q=75`,
      'https://js.stripe.com/_next/static/chunks/a.js',
      'not a url',
    ], origin)).toEqual([]);
  });
});
