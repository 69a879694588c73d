import { describe, expect, it } from 'vitest';
import type { PaymentStatusView } from '../payment.types';
import { ApiError } from './payment-client';
import { type PaymentStatusEvent, type StatusWatchDeps, watchPaymentStatus } from './watch-payment-status';

/** A watch whose status calls all fail with `status` (null: the network), run to the end without waiting. */
function watchFailing(status: number | null): { events: PaymentStatusEvent[]; calls: number; done: Promise<void> } {
  const result = { events: [] as PaymentStatusEvent[], calls: 0, done: Promise.resolve() };
  let finish = () => {};
  result.done = new Promise<void>((resolve) => { finish = resolve; });
  const deps: StatusWatchDeps = {
    fetchStatus: async () => {
      result.calls += 1;
      throw status === null ? new TypeError('Failed to fetch') : new ApiError(status, 'nope', null);
    },
    schedule: (run) => { queueMicrotask(run); return () => {}; },
  };
  watchPaymentStatus('pi_test_abcdefgh', (event) => { result.events.push(event); finish(); }, deps);
  return result;
}

describe('watchPaymentStatus', () => {
  it('reports a payment the server does not know (404) as unknown, at once and without retrying', async () => {
    const watch = watchFailing(404);
    await watch.done;
    expect(watch.events).toEqual([{ kind: 'unknown' }]);
    expect(watch.calls).toBe(1);
  });

  it('retries a lost call and then reports that the server could not be asked', async () => {
    const watch = watchFailing(null);
    await watch.done;
    expect(watch.events).toEqual([{ kind: 'unreadable' }]);
    expect(watch.calls).toBe(3);
  });

  it('passes on the status the server answers', async () => {
    const status = { status: 'succeeded', success: true, amount: 11187 } as unknown as PaymentStatusView;
    const events: PaymentStatusEvent[] = [];
    watchPaymentStatus('pi_test_abcdefgh', (e) => events.push(e), { fetchStatus: async () => status, schedule: () => () => {} });
    await new Promise((r) => setTimeout(r, 0));
    expect(events).toEqual([{ kind: 'status', status, outcome: 'succeeded', polling: false }]);
  });
});
