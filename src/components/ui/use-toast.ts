'use client';
import { type ReactNode, useSyncExternalStore } from 'react';

/**
 * A tiny toast store (SPEC "Transient notifications"): one toast visible at a time, 5000 ms by
 * default, a dismissed toast leaves the list after 1,000,000 ms (Radix animates it out first).
 */
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'destructive';
export type ToastItem = {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
  open: boolean;
};

let items: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(id, setTimeout(() => {
    removalTimers.delete(id);
    emit(items.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY_MS));
}

export function dismissToast(id?: string) {
  for (const t of items) if (!id || t.id === id) scheduleRemoval(t.id);
  emit(items.map((t) => (!id || t.id === id ? { ...t, open: false } : t)));
}

export function toast(input: Omit<ToastItem, 'id' | 'open'>): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => items;
const EMPTY: ToastItem[] = [];

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, () => EMPTY);
}
