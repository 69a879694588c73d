import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, SERVICE_TYPES } from '@/db/schema/appointments';
import { HELD_STOP_STATUSES, REQUEST_ONLY_SERVICE_TYPE, SETTLED_STOP_STATUSES, countStopsPerVisit } from './stop-statuses';

describe('which appointment statuses take a Friday stop', () => {
  it.each([
    ['confirmed', 'settled'],
    ['completed', 'settled'],
    ['pending', 'held'],
    ['pending-payment', 'held'],
    ['cancelled', 'never'],
    ['expired', 'never'],
  ] as const)('%s is %s', (status, kind) => {
    const settled = (SETTLED_STOP_STATUSES as readonly string[]).includes(status);
    const held = (HELD_STOP_STATUSES as readonly string[]).includes(status);
    expect({ settled, held }).toEqual({ settled: kind === 'settled', held: kind === 'held' });
  });

  it('names only statuses an appointment can have', () => {
    for (const status of [...SETTLED_STOP_STATUSES, ...HELD_STOP_STATUSES]) expect(APPOINTMENT_STATUSES).toContain(status);
  });

  it('names a real service type as the request-only one (the free consultation)', () => {
    expect(SERVICE_TYPES).toContain(REQUEST_ONLY_SERVICE_TYPE);
  });
});

describe('countStopsPerVisit', () => {
  it.each([
    ['onetime', true, 2],
    ['onetime', false, 1],
    ['seasonal', true, 1],
    ['tick-seasonal', true, 1],
    ['consult', false, 1],
    [undefined, true, 1],
  ] as const)('%s with the standing-water add-on %s takes %i stop(s) on its Friday', (serviceType, addOn, stops) => {
    expect(countStopsPerVisit(serviceType, addOn)).toBe(stops);
  });
});
