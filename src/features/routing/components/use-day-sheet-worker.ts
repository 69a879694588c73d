'use client';
import { useEffect } from 'react';
import {
  countDaySheetRemovals, DAY_SHEET_WORKER_URL, findDaySheetScope, listLateBuildFiles,
} from './day-sheet-on-device';

/** The newest worker of the registration once it runs: an update installing now, else the active one. */
function waitForActiveWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  const worker = registration.installing ?? registration.waiting ?? registration.active;
  if (!worker) return Promise.reject(new Error('no service worker'));
  if (worker.state === 'activated') return Promise.resolve(worker);
  return new Promise((resolve, reject) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve(worker);
      else if (worker.state === 'redundant') reject(new Error('service worker replaced'));
    });
  });
}

/**
 * Makes the day sheet open without signal (docs/decisions/0048, 0061): registers the day sheet's
 * service worker for this language's sheet only, then tells it everything this page loaded, so that
 * it keeps the page and its files for a phone that reopens the sheet with no signal, and again each
 * time a build file finishes loading after that (one still on its way when the list went would
 * otherwise be missing). The toasts' code (loaded on first use, 0013) is fetched first, while there
 * is signal, so that the toasts said without signal show and the worker keeps it too. Nothing more
 * is told once a sign-in or logout on this page started removing what the sheet keeps (the worker
 * refuses it anyway). `enabled` false (no signed-in account to keep the day for): the toasts only.
 * A browser without service workers keeps the sheet of 0045.
 */
export function useDaySheetWorker(locale: string, enabled: boolean) {
  useEffect(() => {
    let stopped = false;
    let observer: PerformanceObserver | undefined;
    const removals = countDaySheetRemovals();
    void (async () => {
      await import('@/components/ui/toaster').catch(() => {});
      if (stopped || !enabled || !('serviceWorker' in navigator)) return;
      const registration = await navigator.serviceWorker.register(DAY_SHEET_WORKER_URL, { scope: findDaySheetScope(locale), updateViaCache: 'none' });
      const worker = await waitForActiveWorker(registration);
      if (stopped) return;
      const told = new Set<string>();
      const tell = (urls: readonly string[]) => {
        if (stopped || countDaySheetRemovals() !== removals) {
          observer?.disconnect();
          return;
        }
        for (const url of urls) told.add(url);
        // Where the sheet is now: a sheet reached from the login without a full load has the login's URL for its worker.
        worker.postMessage({ type: 'keep', page: location.href, urls: [...told] });
      };
      if (typeof PerformanceObserver !== 'undefined') {
        // Watching before the list is read, so that no file finishing from now on is missed.
        observer = new PerformanceObserver((entries) => {
          const late = listLateBuildFiles(told, entries.getEntries().map((entry) => entry.name), location.origin);
          if (late.length > 0) tell(late);
        });
        observer.observe({ type: 'resource' });
      }
      tell(performance.getEntriesByType('resource').map((entry) => entry.name));
    })().catch(() => {
      // Refused (a private window, storage turned off): the sheet works as before, while its tab stays open.
    });
    return () => {
      stopped = true;
      observer?.disconnect();
    };
  }, [locale, enabled]);
}
