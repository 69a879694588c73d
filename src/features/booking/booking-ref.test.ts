import { describe, expect, it } from 'vitest';
import { newBookingRef } from './booking-ref';

describe('newBookingRef', () => {
  it('reads out on the phone: BK- and eight characters without look-alikes, new every time', () => {
    const refs = Array.from({ length: 2000 }, () => newBookingRef());
    for (const ref of refs) expect(ref).toMatch(/^BK-[A-HJKMNP-TV-Z2-9]{8}$/);
    expect(new Set(refs).size).toBe(refs.length);
  });
});
