import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsPlanId, computeEventValue, configureAnalytics, CONSENT_STORAGE_KEY, trackEvent } from './analytics';

function fakeWindow(consent: string | null) {
  const store = new Map<string, string>(consent ? [[CONSENT_STORAGE_KEY, consent]] : []);
  const fbq = vi.fn();
  const win = {
    localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) },
    fbq,
    gtag: vi.fn(),
  };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', { createElement: () => ({}), head: { appendChild: vi.fn() } });
  return win;
}

afterEach(() => {
  vi.unstubAllGlobals();
  configureAnalytics({});
});

describe('analytics value (SPEC §7)', () => {
  it('is the pre-tax total × 1.13, or the after-tax total as is', () => {
    expect(computeEventValue({ preTaxTotal: 99 })).toBe(111.87);
    expect(computeEventValue({ totalCents: 41245 })).toBe(412.45);
    expect(computeEventValue({})).toBeUndefined();
  });
  it('numbers plans 1 onetime, 2 seasonal, else 3', () => {
    expect([analyticsPlanId('onetime'), analyticsPlanId('seasonal'), analyticsPlanId('tick-seasonal')]).toEqual([1, 2, 3]);
  });
});

describe('trackEvent (DECISIONS §11)', () => {
  it('sends nothing without configured ids, even with consent', () => {
    const win = fakeWindow('granted');
    expect(trackEvent('Schedule', { totalCents: 11187 })).toBe(false);
    expect(win.fbq).not.toHaveBeenCalled();
  });
  it('sends nothing with ids but without consent, or after a refusal', () => {
    configureAnalytics({ metaPixelId: '123' });
    for (const consent of [null, 'denied']) {
      const win = fakeWindow(consent);
      expect(trackEvent('Lead')).toBe(false);
      expect(win.fbq).not.toHaveBeenCalled();
    }
  });
  it('tracks with ids and consent, in CAD', () => {
    configureAnalytics({ metaPixelId: '123' });
    const win = fakeWindow('granted');
    expect(trackEvent('Schedule', { preTaxTotal: 99 })).toBe(true);
    expect(win.fbq).toHaveBeenCalledWith('track', 'Schedule', { currency: 'CAD', value: 111.87 });
  });
});
