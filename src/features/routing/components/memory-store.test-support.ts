import type { KeyValueStore } from './stop-outbox';

/** A `localStorage` stand-in for the day sheet's unit tests; `full` makes every write fail as a full storage does. */
export class MemoryStore implements KeyValueStore {
  readonly items = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}
