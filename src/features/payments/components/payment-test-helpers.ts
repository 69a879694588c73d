import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For unit tests of what the payment pages keep in the tab's session storage: each test of the
 * calling `describe` gets an empty storage on a stand-in `window`, removed after it.
 */
export function useFakeSessionStorage(): void {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('window', {
      sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
