/**
 * The day sheet's service worker (docs/decisions/0048), tested by running the very file the browser
 * loads (`public/sw-day-sheet.js`) against stand-ins for the worker's global scope, its caches and
 * the network.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DAY_SHEET_CACHE_PREFIX, findDaySheetScope } from './day-sheet-on-device';

const SOURCE = readFileSync(path.join(process.cwd(), 'public', 'sw-day-sheet.js'), 'utf8');
const ORIGIN = 'https://escarpment.test';
const scopeOf = (locale: string) => `${ORIGIN}${findDaySheetScope(locale)}`;

type Answer = { url: string; status: number; type: string; redirected: boolean; contentType: string; cacheControl: string; body: string };
type FakeResponse = Answer & { headers: { get(name: string): string | null }; clone(): FakeResponse };
type FakeRequest = { url: string; method: string; mode: string };

function respond(answer: Partial<Answer> & { url: string }): FakeResponse {
  // As `next start` answers: pages rendered per request, build files immutable.
  const isBuildFile = answer.url.includes('/_next/static/');
  const full: Answer = {
    status: 200, type: 'basic', redirected: false, body: `body of ${answer.url}`,
    contentType: isBuildFile ? 'application/javascript' : 'text/html; charset=utf-8',
    cacheControl: isBuildFile ? 'public, max-age=31536000, immutable' : 'private, no-cache, no-store, max-age=0, must-revalidate',
    ...answer,
  };
  const headers: Record<string, string> = { 'content-type': full.contentType, 'cache-control': full.cacheControl };
  return {
    ...full,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    clone: () => respond(full),
  };
}

const urlOf = (input: string | { url: string }) => new URL(typeof input === 'string' ? input : input.url).href;

class FakeCache {
  readonly entries = new Map<string, FakeResponse>();
  async match(input: string | { url: string }) {
    return this.entries.get(urlOf(input))?.clone();
  }
  async put(input: string | { url: string }, response: FakeResponse) {
    this.entries.set(urlOf(input), response);
  }
  async keys() {
    return [...this.entries.keys()].map((url) => ({ url }));
  }
  async delete(input: string | { url: string }) {
    return this.entries.delete(urlOf(input));
  }
}

class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();
  /** When set, opening a cache waits for it (the browser's storage being slow). */
  slowOpen: Promise<void> | null = null;
  async open(name: string) {
    if (this.slowOpen) await this.slowOpen;
    if (!this.caches.has(name)) this.caches.set(name, new FakeCache());
    return this.caches.get(name)!;
  }
  async match(input: string | { url: string }, options: { cacheName: string }) {
    return this.caches.get(options.cacheName)?.match(input);
  }
  async has(name: string) {
    return this.caches.has(name);
  }
  async keys() {
    return [...this.caches.keys()];
  }
  async delete(name: string) {
    return this.caches.delete(name);
  }
}

type Listener = (event: unknown) => void;

/**
 * The worker loaded for `locale`'s scope. `network` answers by URL (a thrown error is no signal;
 * a promise that never settles, a hanging request); `clients` are the tabs by id, by their URL.
 */
function startWorker(locale = 'en', options: { network?: (url: string) => Promise<FakeResponse>; clients?: Record<string, string> } = {}) {
  const scope = scopeOf(locale);
  const listeners = new Map<string, Listener>();
  const cacheStorage = new FakeCacheStorage();
  const fetched: string[] = [];
  const timers: (() => void)[] = [];
  let claimed = false;
  const network = options.network ?? (async (url: string) => respond({ url }));
  const self = {
    registration: { scope },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
    clients: {
      claim: async () => { claimed = true; },
      get: async (id: string) => (options.clients?.[id] ? { url: options.clients[id] } : undefined),
    },
  };
  const context = vm.createContext({
    self,
    caches: cacheStorage,
    fetch: (input: string | FakeRequest) => {
      const url = urlOf(input);
      fetched.push(url);
      return network(url);
    },
    setTimeout: (callback: () => void) => timers.push(callback),
    URL,
  });
  vm.runInContext(SOURCE, context);

  /** A request from a tab: whether the worker answered it, and its answer once everything settled. */
  async function request(url: string, init: { mode?: string; method?: string; clientId?: string } = {}) {
    let answer: Promise<FakeResponse> | undefined;
    const waits: Promise<unknown>[] = [];
    listeners.get('fetch')!({
      request: { url: new URL(url, ORIGIN).href, method: init.method ?? 'GET', mode: init.mode ?? 'cors' },
      clientId: init.clientId ?? '',
      respondWith: (promise: Promise<FakeResponse>) => { answer = promise; },
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
    });
    const settled = answer?.then((response) => ({ response }), (error: unknown) => ({ error }));
    // Let the worker's later steps run (a late answer kept, a file kept), then report.
    const finish = async () => {
      const result = await settled;
      for (let i = 0; i < waits.length; i++) await waits[i];
      return result;
    };
    return { answered: answer !== undefined, finish };
  }

  /** A message from a tab whose document was opened at `fromUrl`; settles once the worker is done with it. */
  function postMessage(fromUrl: string | null, data: unknown, ports: { postMessage(reply: unknown): void }[] = []) {
    const waits: Promise<unknown>[] = [];
    listeners.get('message')!({ source: fromUrl === null ? null : { url: fromUrl }, data, ports, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    return Promise.all(waits);
  }

  async function sendMessage(fromUrl: string | null, data: unknown) {
    await postMessage(fromUrl, data);
  }

  /** What the login form and the logout send (day-sheet-on-device.ts), and the worker's replies. */
  function forget(fromUrl = `${ORIGIN}/admin`) {
    const replies: unknown[] = [];
    const done = postMessage(fromUrl, { type: 'forget' }, [{ postMessage: (reply) => replies.push(reply) }]);
    return { done, replies };
  }

  async function activate() {
    const waits: Promise<unknown>[] = [];
    listeners.get('activate')!({ waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  }

  const ownCache = () => cacheStorage.caches.get(context.cacheNameFor(scope) as string);
  return { scope, context, cacheStorage, fetched, timers, request, postMessage, sendMessage, forget, activate, ownCache, wasClaimed: () => claimed };
}

const noSignal = async (): Promise<FakeResponse> => {
  throw new TypeError('Failed to fetch');
};

/** A network answer held back until the test lets it through. */
function holdAnswer() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  return { held, release };
}

/** Lets the worker's pending steps run (its promises chained on the held answers). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('which requests the day sheet worker handles', () => {
  const { context, scope } = startWorker('en');
  const fr = startWorker('fr');
  const classify = (url: string, init: { mode?: string; method?: string } = {}, where = scope) =>
    (context.classifyRequest as (r: FakeRequest, s: string) => string | null)({ url: new URL(url, ORIGIN).href, method: init.method ?? 'GET', mode: init.mode ?? 'cors' }, where);

  it.each([
    ['/day-sheet', 'navigate', 'page'],
    ['/day-sheet?date=2027-05-07', 'navigate', 'page'],
    ['/day-sheet/', 'navigate', null],
    ['/day-sheets', 'navigate', null],
    ['/day-sheet/print', 'navigate', null],
    ['/', 'navigate', null],
    ['/pricing', 'navigate', null],
    ['/admin', 'navigate', null],
    ['/routes?date=2027-05-07', 'navigate', null],
    ['/fr/day-sheet', 'navigate', null],
    ['/_next/static/chunks/0a1b2c.js', 'no-cors', 'asset'],
    ['/_next/static/chunks/0a1b2c.css', 'no-cors', 'asset'],
    ['/_next/static/media/font.woff2', 'cors', 'asset'],
    // The page's data (the App Router's requests for the same URL) and the API: never.
    ['/day-sheet?_rsc=1x2y', 'cors', null],
    ['/api/routes/technician?date=2027-05-07', 'cors', null],
    ['/api/auth/logout', 'cors', null],
    ['/_next/image?url=%2Ficon.svg&w=64&q=75', 'no-cors', null],
    ['/sw-day-sheet.js', 'same-origin', null],
    ['https://js.stripe.com/_next/static/chunks/a.js', 'no-cors', null],
    ['https://escarpment.test.evil.example/day-sheet', 'navigate', null],
  ] as const)('English sheet: %s (%s) -> %s', (url, mode, kind) => {
    expect(classify(url, { mode })).toBe(kind);
  });

  it('leaves anything but GET alone', () => {
    expect(classify('/day-sheet', { mode: 'navigate', method: 'POST' })).toBeNull();
    expect(classify('/_next/static/chunks/a.js', { method: 'HEAD' })).toBeNull();
  });

  it('handles each language\'s sheet only in its own scope', () => {
    for (const locale of ['es', 'fr', 'de']) {
      const own = `${ORIGIN}/${locale}/day-sheet`;
      expect(classify(`/${locale}/day-sheet`, { mode: 'navigate' }, own)).toBe('page');
      expect(classify('/day-sheet', { mode: 'navigate' }, own)).toBeNull();
      expect(classify(`/${locale}`, { mode: 'navigate' }, own)).toBeNull();
      expect(classify(`/${locale}/routes`, { mode: 'navigate' }, own)).toBeNull();
    }
    expect(fr.scope).toBe(`${ORIGIN}/fr/day-sheet`);
  });

  it('names its caches with the prefix logout deletes, one per language, and knows its older versions', () => {
    const name = context.cacheNameFor as (scope: string) => string;
    const isStale = context.isStaleCache as (name: string, scope: string) => boolean;
    expect(name(scope).startsWith(DAY_SHEET_CACHE_PREFIX)).toBe(true);
    expect(name(fr.scope).startsWith(DAY_SHEET_CACHE_PREFIX)).toBe(true);
    expect(name(scope)).not.toBe(name(fr.scope));
    expect(isStale(name(scope), scope)).toBe(false);
    expect(isStale(`${DAY_SHEET_CACHE_PREFIX}v0:/day-sheet`, scope)).toBe(true);
    // Another language's caches, of any version, and caches that are not ours stay.
    expect(isStale(`${DAY_SHEET_CACHE_PREFIX}v0:/fr/day-sheet`, scope)).toBe(false);
    expect(isStale(name(fr.scope), scope)).toBe(false);
    expect(isStale('v0:/day-sheet', scope)).toBe(false);
  });
});

describe('the day sheet page', () => {
  it('comes from the network when there is signal, and is kept', async () => {
    const worker = startWorker('en');
    const sheet = await worker.request('/day-sheet?date=2027-05-07', { mode: 'navigate' });
    expect(sheet.answered).toBe(true);
    const { response } = (await sheet.finish()) as { response: FakeResponse };
    expect(response.body).toBe(`body of ${ORIGIN}/day-sheet?date=2027-05-07`);
    expect(worker.ownCache()?.entries.get(worker.scope)?.body).toBe(`body of ${ORIGIN}/day-sheet?date=2027-05-07`);
  });

  it('is the kept one when there is no signal, whatever date the tab had', async () => {
    let online = true;
    const worker = startWorker('fr', { network: (url) => (online ? Promise.resolve(respond({ url })) : noSignal()) });
    await (await worker.request('/fr/day-sheet', { mode: 'navigate' })).finish();
    online = false;
    for (const url of ['/fr/day-sheet', '/fr/day-sheet?date=2027-05-14']) {
      const { response } = (await (await worker.request(url, { mode: 'navigate' })).finish()) as { response: FakeResponse };
      expect(response.body).toBe(`body of ${ORIGIN}/fr/day-sheet`);
    }
  });

  it('fails as without a worker when none is kept (the browser shows its offline page)', async () => {
    const worker = startWorker('en', { network: noSignal });
    const result = await (await worker.request('/day-sheet', { mode: 'navigate' })).finish();
    expect(result).toHaveProperty('error');
    expect(worker.ownCache()?.entries.size ?? 0).toBe(0);
  });

  it('is the kept one when the network does not answer in time, and a late answer replaces it', async () => {
    let reply: ((response: FakeResponse) => void) | undefined;
    let hang = false;
    const worker = startWorker('en', {
      network: (url) => (hang ? new Promise((resolve) => { reply = () => resolve(respond({ url, body: 'late answer' })); }) : Promise.resolve(respond({ url, body: 'morning' }))),
    });
    await (await worker.request('/day-sheet', { mode: 'navigate' })).finish();
    hang = true;
    const slow = await worker.request('/day-sheet', { mode: 'navigate' });
    // Nothing yet from the network: the time runs out.
    await new Promise((resolve) => setImmediate(resolve));
    expect(worker.timers).toHaveLength(1);
    worker.timers[0]!();
    reply!(respond({ url: '' }));
    const { response } = (await slow.finish()) as { response: FakeResponse };
    expect(response.body).toBe('morning');
    expect(worker.ownCache()?.entries.get(worker.scope)?.body).toBe('late answer');
  });

  it.each([
    ['a redirect to the login (the sign-in ended)', { status: 0, type: 'opaqueredirect', body: '' }],
    ['the login page reached by a redirect', { redirected: true }],
    ['a server error', { status: 500 }],
    ['something that is not a page', { contentType: 'application/json' }],
  ])('passes %s through and keeps nothing of it', async (_what, answer) => {
    const worker = startWorker('en', { network: async (url) => respond({ url, ...answer, body: 'not the sheet' }) });
    const { response } = (await (await worker.request('/day-sheet', { mode: 'navigate' })).finish()) as { response: FakeResponse };
    expect(response.body).toBe('not the sheet');
    expect(worker.ownCache()?.entries.size ?? 0).toBe(0);
  });

  it('shows the server\'s answer, not the kept page, when there is signal but the sign-in ended', async () => {
    let signedIn = true;
    const worker = startWorker('en', { network: async (url) => (signedIn ? respond({ url, body: 'sheet' }) : respond({ url, status: 0, type: 'opaqueredirect', body: '' })) });
    await (await worker.request('/day-sheet', { mode: 'navigate' })).finish();
    signedIn = false;
    const { response } = (await (await worker.request('/day-sheet', { mode: 'navigate' })).finish()) as { response: FakeResponse };
    expect(response.type).toBe('opaqueredirect');
    expect(worker.ownCache()?.entries.get(worker.scope)?.body).toBe('sheet');
  });

  it('leaves other pages, the page\'s data and the API to the network, caching nothing', async () => {
    const worker = startWorker('en', { clients: { tab: `${ORIGIN}/day-sheet` } });
    for (const [url, mode] of [['/admin', 'navigate'], ['/', 'navigate'], ['/day-sheet?_rsc=1', 'cors'], ['/api/routes/technician?date=2027-05-07', 'cors']] as const) {
      expect((await worker.request(url, { mode, clientId: 'tab' })).answered).toBe(false);
    }
    expect(worker.fetched).toEqual([]);
    expect(worker.cacheStorage.caches.size).toBe(0);
  });
});

describe('the build files', () => {
  const chunk = `${ORIGIN}/_next/static/chunks/0a1b2c.js`;

  it('are kept as the sheet loads them and served from the phone after', async () => {
    const worker = startWorker('en', { clients: { sheet: `${ORIGIN}/day-sheet?date=2027-05-07` } });
    await (await worker.request('/day-sheet?date=2027-05-07', { mode: 'navigate' })).finish();
    await (await worker.request(chunk, { mode: 'no-cors', clientId: 'sheet' })).finish();
    expect(worker.ownCache()?.entries.has(chunk)).toBe(true);
    const again = (await (await worker.request(chunk, { mode: 'no-cors', clientId: 'sheet' })).finish()) as { response: FakeResponse };
    expect(again.response.body).toBe(`body of ${chunk}`);
    expect(worker.fetched.filter((url) => url === chunk)).toHaveLength(1);
  });

  it('are not kept for a tab that went on to another page (the login\'s files after a logout)', async () => {
    const worker = startWorker('en', { clients: { moved: `${ORIGIN}/admin` } });
    await (await worker.request('/day-sheet', { mode: 'navigate' })).finish();
    const { response } = (await (await worker.request(chunk, { mode: 'no-cors', clientId: 'moved' })).finish()) as { response: FakeResponse };
    expect(response.body).toBe(`body of ${chunk}`);
    expect(worker.ownCache()?.entries.has(chunk)).toBe(false);
  });

  it('are not kept when the server does not mark them immutable (next dev), so code being edited is never stale', async () => {
    const worker = startWorker('en', {
      clients: { sheet: `${ORIGIN}/day-sheet` },
      network: async (url) => respond(url.includes('/_next/') ? { url, cacheControl: 'no-cache, must-revalidate' } : { url }),
    });
    await (await worker.request('/day-sheet', { mode: 'navigate' })).finish();
    await (await worker.request(chunk, { mode: 'no-cors', clientId: 'sheet' })).finish();
    await worker.sendMessage(`${ORIGIN}/day-sheet`, { type: 'keep', urls: [chunk] });
    expect(worker.ownCache()?.entries.has(chunk)).toBe(false);
  });

  it('do not bring back a cache a logout deleted while the sheet was still on screen', async () => {
    const worker = startWorker('en', { clients: { sheet: `${ORIGIN}/day-sheet` } });
    await (await worker.request('/day-sheet', { mode: 'navigate' })).finish();
    await worker.cacheStorage.delete(worker.context.cacheNameFor(worker.scope) as string);
    const { response } = (await (await worker.request(chunk, { mode: 'no-cors', clientId: 'sheet' })).finish()) as { response: FakeResponse };
    expect(response.body).toBe(`body of ${chunk}`);
    expect(worker.cacheStorage.caches.size).toBe(0);
  });
});

describe('keeping the sheet when it has loaded', () => {
  const sheetUrl = `${ORIGIN}/day-sheet?date=2027-05-07`;
  const files = [`${ORIGIN}/_next/static/chunks/a.js`, `${ORIGIN}/_next/static/chunks/b.css`];
  const loaded = [...files, `${ORIGIN}/api/routes/technician?date=2027-05-07`, 'https://js.stripe.com/v3'];

  it('fetches the page the first time, and keeps the files it loaded, never its data', async () => {
    const worker = startWorker('en');
    await worker.sendMessage(sheetUrl, { type: 'keep', urls: loaded });
    expect(worker.fetched.sort()).toEqual([sheetUrl, ...files].sort());
    expect([...worker.ownCache()!.entries.keys()].sort()).toEqual([worker.scope, ...files].sort());
    expect(worker.ownCache()!.entries.get(worker.scope)?.body).toBe(`body of ${sheetUrl}`);
  });

  it('fetches nothing it already keeps, and lets an older build\'s files go', async () => {
    const worker = startWorker('en');
    await worker.sendMessage(sheetUrl, { type: 'keep', urls: [...files, `${ORIGIN}/_next/static/chunks/old.js`] });
    worker.fetched.length = 0;
    await worker.sendMessage(sheetUrl, { type: 'keep', urls: loaded });
    expect(worker.fetched).toEqual([]);
    expect([...worker.ownCache()!.entries.keys()].sort()).toEqual([worker.scope, ...files].sort());
  });

  it('drops nothing while a file could not be kept (no signal halfway)', async () => {
    let online = true;
    const worker = startWorker('en', { network: (url) => (online || !url.endsWith('new.js') ? Promise.resolve(respond({ url })) : noSignal()) });
    await worker.sendMessage(sheetUrl, { type: 'keep', urls: files });
    online = false;
    await worker.sendMessage(sheetUrl, { type: 'keep', urls: [`${ORIGIN}/_next/static/chunks/new.js`] });
    expect([...worker.ownCache()!.entries.keys()].sort()).toEqual([worker.scope, ...files].sort());
  });

  it('keeps nothing, not even the files, when the server no longer renders the sheet (the sign-in ended)', async () => {
    const worker = startWorker('en', { network: async (url) => (url.includes('/_next/') ? respond({ url }) : respond({ url, redirected: true, body: 'login' })) });
    await worker.sendMessage(sheetUrl, { type: 'keep', urls: files });
    expect(worker.cacheStorage.caches.size).toBe(0);
  });

  it('listens to the sheet of its own language only', async () => {
    const worker = startWorker('en');
    await worker.sendMessage(`${ORIGIN}/admin`, { type: 'keep', urls: files });
    await worker.sendMessage(`${ORIGIN}/fr/day-sheet`, { type: 'keep', urls: files });
    await worker.sendMessage(null, { type: 'keep', urls: files });
    await worker.sendMessage(null, { type: 'keep', page: sheetUrl, urls: files });
    await worker.sendMessage(sheetUrl, { type: 'something else', urls: files });
    // A tab opened at the sheet that went on to another page without a full load says so.
    await worker.sendMessage(sheetUrl, { type: 'keep', page: `${ORIGIN}/admin`, urls: files });
    await worker.sendMessage(`${ORIGIN}/admin`, { type: 'keep', page: `${ORIGIN}/fr/day-sheet`, urls: files });
    await worker.sendMessage(sheetUrl, { type: 'keep', page: 'not an address', urls: files });
    expect(worker.fetched).toEqual([]);
    expect(worker.cacheStorage.caches.size).toBe(0);
  });

  it('keeps a sheet reached from the login without a full load (its tab was opened at the login)', async () => {
    const worker = startWorker('en');
    await worker.sendMessage(`${ORIGIN}/admin?next=%2Fday-sheet`, { type: 'keep', page: sheetUrl, urls: loaded });
    expect(worker.fetched).toContain(sheetUrl);
    expect([...worker.ownCache()!.entries.keys()].sort()).toEqual([worker.scope, ...files].sort());
  });

  it('takes over the sheet that asks, when its page was on its way while the worker started', async () => {
    const worker = startWorker('en');
    await worker.sendMessage(sheetUrl, { type: 'keep', urls: loaded });
    expect(worker.wasClaimed()).toBe(true);
  });

  it('keeps the files of a later, longer list even when an earlier list finishes after it', async () => {
    // The first list's file answers slowly; the list sent once another file had loaded comes at once.
    const slow = holdAnswer();
    let calls = 0;
    const worker = startWorker('en', {
      network: async (url) => {
        if (url === files[0] && calls++ === 0) await slow.held;
        return respond({ url });
      },
    });
    const late = `${ORIGIN}/_next/static/chunks/late.js`;
    const first = worker.postMessage(sheetUrl, { type: 'keep', urls: [files[0]] });
    await settle();
    const second = worker.postMessage(sheetUrl, { type: 'keep', urls: [files[0], late] });
    await settle();
    slow.release();
    await Promise.all([first, second]);
    expect([...worker.ownCache()!.entries.keys()].sort()).toEqual([worker.scope, files[0], late].sort());
  });
});

describe('forgetting at sign-in and logout (docs/decisions/0061)', () => {
  const sheetUrl = `${ORIGIN}/day-sheet?date=2027-05-07`;
  const chunk = `${ORIGIN}/_next/static/chunks/a.js`;
  const late = `${ORIGIN}/_next/static/chunks/late.js`;
  const login = (url: string) => respond({ url, redirected: true, body: 'Staff Login' });

  it('deletes its cache and says so to whoever asked', async () => {
    const worker = startWorker('en');
    await worker.sendMessage(sheetUrl, { type: 'keep', urls: [chunk] });
    expect(worker.ownCache()?.entries.size).toBe(2);
    const { done, replies } = worker.forget();
    await done;
    expect(worker.cacheStorage.caches.size).toBe(0);
    expect(replies).toEqual([{ type: 'forgotten' }]);
  });

  it('keeps nothing of a list the sheet sends after a logout (a file that loaded late): the server shows the login', async () => {
    let signedIn = true;
    const worker = startWorker('en', { network: async (url) => (signedIn || url.includes('/_next/') ? respond({ url }) : login(url)) });
    await worker.sendMessage(sheetUrl, { type: 'keep', urls: [chunk] });
    signedIn = false;
    await worker.forget().done;
    await worker.sendMessage(sheetUrl, { type: 'keep', urls: [chunk, late] });
    expect(worker.cacheStorage.caches.size).toBe(0);
  });

  it('keeps nothing of a list that was being kept when the logout came, however late its answers', async () => {
    const page = holdAnswer();
    const worker = startWorker('en', {
      network: async (url) => {
        if (!url.includes('/_next/')) await page.held;
        return respond({ url });
      },
    });
    const keep = worker.postMessage(sheetUrl, { type: 'keep', urls: [chunk] });
    await settle();
    await worker.forget().done;
    page.release();
    await keep;
    expect(worker.cacheStorage.caches.size).toBe(0);
  });

  it('keeps no file that was on its way when the logout came, and no file after it', async () => {
    const file = holdAnswer();
    const worker = startWorker('en', {
      network: async (url) => {
        if (url === late) await file.held;
        return respond({ url });
      },
    });
    await worker.sendMessage(sheetUrl, { type: 'keep', urls: [chunk] });
    const keep = worker.postMessage(sheetUrl, { type: 'keep', urls: [chunk, late] });
    await settle();
    await worker.forget().done;
    file.release();
    await keep;
    expect(worker.cacheStorage.caches.size).toBe(0);
  });

  it('keeps no page or file of the sheet still on screen that arrives after it', async () => {
    const answers = holdAnswer();
    const worker = startWorker('en', {
      clients: { sheet: sheetUrl },
      network: async (url) => {
        await answers.held;
        return respond({ url });
      },
    });
    const reload = await worker.request(sheetUrl, { mode: 'navigate' });
    const file = await worker.request(chunk, { mode: 'no-cors', clientId: 'sheet' });
    await worker.forget().done;
    answers.release();
    await reload.finish();
    await file.finish();
    expect(worker.cacheStorage.caches.size).toBe(0);
  });

  it('deletes its cache only after a change already under way, which cannot bring it back', async () => {
    const worker = startWorker('en');
    const storage = holdAnswer();
    worker.cacheStorage.slowOpen = storage.held;
    const keep = worker.postMessage(sheetUrl, { type: 'keep', urls: [chunk] });
    await settle();
    const { done, replies } = worker.forget();
    await settle();
    storage.release();
    await Promise.all([keep, done]);
    expect(worker.cacheStorage.caches.size).toBe(0);
    expect(replies).toEqual([{ type: 'forgotten' }]);
  });

  it('keeps the sheet again once the server renders it for the next sign-in', async () => {
    let signedIn = true;
    const worker = startWorker('en', { network: async (url) => (signedIn || url.includes('/_next/') ? respond({ url }) : login(url)) });
    await worker.sendMessage(sheetUrl, { type: 'keep', urls: [chunk] });
    signedIn = false;
    await worker.forget().done;
    await worker.sendMessage(sheetUrl, { type: 'keep', urls: [chunk] });
    expect(worker.cacheStorage.caches.size).toBe(0);
    signedIn = true;
    await worker.sendMessage(sheetUrl, { type: 'keep', urls: [chunk] });
    expect([...worker.ownCache()!.entries.keys()].sort()).toEqual([worker.scope, chunk].sort());
  });

  it('after a restart (nothing in memory), still keeps nothing for a sign-in that ended', async () => {
    // The browser stopped the worker after the logout: a tab's late list reaches a fresh one.
    const worker = startWorker('en', { network: async (url) => (url.includes('/_next/') ? respond({ url }) : login(url)) });
    await worker.sendMessage(sheetUrl, { type: 'keep', urls: [chunk, late] });
    expect(worker.cacheStorage.caches.size).toBe(0);
  });
});

describe('a new version of the worker', () => {
  it('drops its language\'s caches of other versions, keeps the other languages\' and takes the open sheet over', async () => {
    const worker = startWorker('en');
    const current = worker.context.cacheNameFor(worker.scope) as string;
    for (const name of [`${DAY_SHEET_CACHE_PREFIX}v0:/day-sheet`, `${DAY_SHEET_CACHE_PREFIX}v0:/fr/day-sheet`, current, 'another-site-cache']) await worker.cacheStorage.open(name);
    await worker.activate();
    expect((await worker.cacheStorage.keys()).sort()).toEqual([`${DAY_SHEET_CACHE_PREFIX}v0:/fr/day-sheet`, current, 'another-site-cache'].sort());
    expect(worker.wasClaimed()).toBe(true);
  });
});
