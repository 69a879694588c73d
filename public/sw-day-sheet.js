/**
 * The day sheet's service worker (docs/decisions/0048): a technician whose phone discarded the tab
 * reopens the sheet without signal. The sheet registers it once per language with the sheet's own
 * path as the scope (`/day-sheet`, `/fr/day-sheet`, ...), so no other page is ever controlled by it,
 * and the public site never loads it.
 *
 * It keeps two things per language, in one cache:
 * - the last day sheet page read with signal (its HTML is the signed-in account's: sign-in and
 *   logout delete every cache of this worker, `day-sheet-on-device.ts`);
 * - the build's files that page loaded (`/_next/static/...`, named by their content), so the kept
 *   page can start without signal.
 * The day itself comes from the sheet's own copies in localStorage (0045): no API answer, no other
 * page and none of the page's data requests pass through here.
 *
 * A sign-in or a logout on this phone tells it to forget (docs/decisions/0061): from then on it keeps
 * nothing asked for before, and its cache starts again only with a sheet the server rendered for an
 * account signed in since, however late a tab's request arrives.
 *
 * Plain JavaScript served as is from public/; its rules are unit-tested by running this very file
 * (`src/features/routing/components/sw-day-sheet.test.ts`).
 */

/** Bumped when what is kept, or how, changes: the caches of other versions go when a new one takes over. */
const WORKER_VERSION = 1;

/** Every cache of this worker starts so (DAY_SHEET_CACHE_PREFIX in day-sheet-on-device.ts). */
const CACHE_PREFIX = 'escarpment-day-sheet:';

/** How long the page may take before the kept one is shown: one bar of signal can hang for minutes. */
const PAGE_TIMEOUT_MS = 4000;

/** This language's cache, e.g. `escarpment-day-sheet:v1:/fr/day-sheet`. */
function cacheNameFor(scope) {
  return `${CACHE_PREFIX}v${WORKER_VERSION}:${new URL(scope).pathname}`;
}

/** True for a cache of this language's sheet written by another version of the worker. */
function isStaleCache(name, scope) {
  if (!name.startsWith(CACHE_PREFIX)) return false;
  const [version, path] = name.slice(CACHE_PREFIX.length).split(':');
  return path === new URL(scope).pathname && version !== `v${WORKER_VERSION}`;
}

/** The day sheet itself: exactly the scope's path (any query), nothing under or beside it. */
function isSheetUrl(url, scope) {
  let target;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  const home = new URL(scope);
  return target.origin === home.origin && target.pathname === home.pathname;
}

/**
 * What the worker does with a request: 'page' for the sheet opened or reloaded, 'asset' for a file
 * of the build, null for everything else, which goes to the network untouched (the API, the page's
 * data requests, any other page, other sites).
 */
function classifyRequest(request, scope) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== new URL(scope).origin) return null;
  if (request.mode === 'navigate') return isSheetUrl(url, scope) ? 'page' : null;
  return url.pathname.startsWith('/_next/static/') ? 'asset' : null;
}

/** A page answer worth keeping: the sheet as rendered for the signed-in account, not a redirect to the login. */
function isKeepablePage(response) {
  return response.status === 200 && response.type === 'basic' && !response.redirected
    && (response.headers.get('content-type') || '').startsWith('text/html');
}

/**
 * A build file answer worth keeping: one the server marks immutable, as Next serves a build's files
 * (named by their content). `next dev` serves them revalidated instead, and they are never kept.
 */
function isKeepableAsset(response) {
  return response.status === 200 && response.type === 'basic' && /\bimmutable\b/.test(response.headers.get('cache-control') || '');
}

/** The key the page is kept under: one page per language, the last one read with signal (its date inside). */
function pageKey(scope) {
  return new URL(scope).href;
}

/**
 * Raised by every forget (a sign-in or a logout on this phone, `day-sheet-on-device.ts`): whatever
 * was asked for before it (a keep, a page or file on its way) is never written. Lost when the browser
 * stops the worker, with nothing in flight: a new start keeps only what the rules below allow.
 */
let epoch = 0;

/** Every change to the cache, one after the other: a forget's deletion comes after the changes asked before it. */
let cacheChanges = Promise.resolve();

/**
 * Runs `change` on this language's cache in turn, unless a forget came since `since` (the epoch when
 * it was asked for). Only the sheet's own page may start the cache (`start`); a file goes only into
 * a cache that is there. True when it ran.
 */
function changeCache(since, scope, change, start = false) {
  const run = cacheChanges.then(async () => {
    if (since !== epoch) return false;
    const name = cacheNameFor(scope);
    if (!start && !(await caches.has(name))) return false;
    await change(await caches.open(name));
    return true;
  });
  cacheChanges = run.catch(() => false);
  return run;
}

/** Nothing kept from now on of what was asked before, and this language's cache deleted once no change is under way. */
function forget(scope) {
  epoch += 1;
  const run = cacheChanges.then(() => caches.delete(cacheNameFor(scope)));
  cacheChanges = run.catch(() => false);
  return run;
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The page from the network, or the kept one when there is no answer (no signal) or none within
 * PAGE_TIMEOUT_MS. Any answer the server gives (the login after a sign-in ended, an error) is shown
 * as it is. Nothing kept and no answer: the browser's error page, as without a worker.
 */
async function choosePage(network, scope) {
  const kept = await caches.match(pageKey(scope), { cacheName: cacheNameFor(scope), ignoreVary: true });
  if (!kept) return network;
  return Promise.race([network.catch(() => kept), delay(PAGE_TIMEOUT_MS).then(() => kept)]);
}

function answerPage(event, scope) {
  const since = epoch;
  const answered = fetch(event.request).then((response) => {
    const copy = isKeepablePage(response) ? response.clone() : null;
    return { response, copy };
  });
  event.respondWith(choosePage(answered.then(({ response }) => response), scope));
  // An answer that came after the kept page was shown still replaces it, unless a forget came meanwhile.
  event.waitUntil(answered.then(async ({ copy }) => {
    if (copy) await changeCache(since, scope, (cache) => cache.put(pageKey(scope), copy), true);
  }).catch(() => undefined));
}

/**
 * True when the request comes from a day sheet of this scope. A client's URL is the one its document
 * was opened at (Chromium): a tab that went on to another page by a full load is not the sheet.
 */
async function isSheetClient(clientId, scope) {
  if (!clientId) return false;
  const client = await self.clients.get(clientId);
  return !!client && isSheetUrl(client.url, scope);
}

/**
 * A build file: kept ones as they are (their names change with their content), others fetched and
 * kept, into the cache the sheet started only, unless a forget came meanwhile: after a logout deleted
 * it, the tab on its way to the login page brings nothing back.
 */
async function answerAsset(event, scope) {
  const since = epoch;
  const url = event.request.url;
  const name = cacheNameFor(scope);
  const kept = await caches.match(url, { cacheName: name, ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(event.request);
  if (isKeepableAsset(response)) {
    const copy = response.clone();
    event.waitUntil((async () => {
      if (await isSheetClient(event.clientId, scope)) await changeCache(since, scope, (cache) => cache.put(url, copy));
    })().catch(() => undefined));
  }
  return response;
}

/**
 * What the sheet asks for once it has loaded, and again for each file that finished loading after
 * (`urls`: everything it fetched): the page when none is kept yet (the first visit, before the worker
 * existed) and every build file among `urls`. Nothing at all without the page: a sign-in that ended
 * (a logout on the phone, or in the office) gets the login page back, and no file is kept for it.
 * Once all are kept, files no longer in the list go: a deployment's old files do not pile up. True
 * when all is kept. `since`: the epoch when the sheet asked.
 */
async function keepSheet(pageUrl, urls, scope, since) {
  if (since !== epoch) return false;
  const name = cacheNameFor(scope);
  const key = pageKey(scope);
  if (!(await caches.match(key, { cacheName: name, ignoreVary: true }))) {
    // Asked for after the last forget, so answered for whoever is signed in now.
    const response = await fetch(pageUrl).catch(() => null);
    if (!response || !isKeepablePage(response)) return false;
    if (!(await changeCache(since, scope, (cache) => cache.put(key, response), true))) return false;
  }
  const wanted = new Set(urls
    .filter((url) => typeof url === 'string' && classifyRequest({ method: 'GET', mode: 'no-cors', url }, scope) === 'asset')
    .map((url) => new URL(url).href));
  if (wanted.size === 0) return false;
  const kept = await Promise.all([...wanted].map(async (url) => {
    if (await caches.match(url, { cacheName: name, ignoreVary: true })) return true;
    const response = await fetch(url).catch(() => null);
    if (!response || !isKeepableAsset(response)) return false;
    return changeCache(since, scope, (cache) => cache.put(url, response));
  }));
  if (kept.includes(false)) return false;
  return changeCache(since, scope, async (cache) => {
    for (const request of await cache.keys()) {
      if (request.url !== key && !wanted.has(request.url)) await cache.delete(request);
    }
  });
}

/**
 * The sheet's requests to keep, one after the other: a list read earlier never drops the files of a
 * later, longer one (the same sheet once more files had loaded, or the sheet reloaded).
 */
let keeping = Promise.resolve(false);

function queueKeep(pageUrl, urls, scope) {
  const since = epoch;
  const run = keeping.then(() => keepSheet(pageUrl, urls, scope, since));
  keeping = run.catch(() => false);
  return run;
}

self.addEventListener('install', (event) => {
  // A new version takes over at once: the sheet tells it again what to keep (use-day-sheet-worker.ts).
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  const scope = self.registration.scope;
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => isStaleCache(name, scope)).map((name) => caches.delete(name)));
    // The sheet open now is controlled at once, so the files it loads later are kept too.
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const scope = self.registration.scope;
  const kind = classifyRequest(event.request, scope);
  if (kind === 'page') answerPage(event, scope);
  else if (kind === 'asset') event.respondWith(answerAsset(event, scope));
});

self.addEventListener('message', (event) => {
  const scope = self.registration.scope;
  const { source, data } = event;
  if (!data || typeof data !== 'object') return;
  if (data.type === 'forget') {
    // From the login form or the logout (any page of this site): answered once this worker keeps nothing.
    const port = event.ports && event.ports[0];
    event.waitUntil(forget(scope).catch(() => false).then(() => {
      if (port) port.postMessage({ type: 'forgotten' });
    }));
    return;
  }
  if (data.type !== 'keep' || !Array.isArray(data.urls) || !source || typeof source.url !== 'string') return;
  // The sheet says where it is: a sheet reached from the login without a full load has its tab's first URL.
  const pageUrl = typeof data.page === 'string' ? data.page : source.url;
  if (!isSheetUrl(pageUrl, scope)) return;
  event.waitUntil(Promise.all([
    // A sheet whose page was on its way while this worker started up is not controlled yet: it is now,
    // so the files it loads from here on come through here.
    self.clients.claim().catch(() => undefined),
    queueKeep(pageUrl, data.urls, scope).catch(() => false),
  ]));
});
