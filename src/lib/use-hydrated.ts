'use client';
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's HTML and until React has hydrated the component, true after. Forms that
 * only their script can send disable their submit button until then: the browser would otherwise
 * send the fields itself (into the address bar, for a GET form) and the visitor's input would be
 * lost on the reload.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
