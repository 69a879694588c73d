import { describe, expect, it } from 'vitest';
import { newBookingRef, readBookingRefQuery } from './booking-ref';

describe('newBookingRef', () => {
  it('reads out on the phone: BK- and eight characters without look-alikes, new every time', () => {
    const refs = Array.from({ length: 2000 }, () => newBookingRef());
    for (const ref of refs) expect(ref).toMatch(/^BK-[A-HJKMNP-TV-Z2-9]{8}$/);
    expect(new Set(refs).size).toBe(refs.length);
  });
});

describe('readBookingRefQuery (the staff search, 0064)', () => {
  it.each([
    ['as printed', 'BK-7H3K9QZ2'],
    ['in lower case', 'bk-7h3k9qz2'],
    ['read out in groups', ' BK 7H3K 9QZ2 '],
    ['without the hyphen', 'bk7h3k9qz2'],
    ['hyphen and spaces mixed', 'Bk - 7h3k-9qz2'],
    ['without the prefix', '7h3k9qz2'],
    ['without the prefix, in groups', '7H3K 9QZ2'],
  ])('reads a reference %s', (_how, query) => {
    expect(readBookingRefQuery(query)).toBe('BK-7H3K9QZ2');
  });

  it('takes any eight letters or digits after the prefix, as written by hand', () => {
    expect(readBookingRefQuery('bk-past0001')).toBe('BK-PAST0001');
  });

  it('reads every reference the booking flow makes, with and without its prefix', () => {
    for (const ref of Array.from({ length: 200 }, () => newBookingRef())) {
      expect(readBookingRefQuery(ref.toLowerCase())).toBe(ref);
      expect(readBookingRefQuery(ref.slice(3))).toBe(ref);
    }
  });

  it('leaves what no reference can be to the name, email, phone and address search', () => {
    // Too short or too long, characters no reference has (the alphabet has no 0, 1, I, L, O or U).
    for (const query of ['', 'BK-', 'BK-7H3K9QZ', 'BK-7H3K9QZ22', '7H3K9QZ', 'tremblay', 'olivia', 'past0001', '905 555 0134', 'l8p4y5', 'BK-7H3K9QZ2@x', 'x'.repeat(60)]) {
      expect(readBookingRefQuery(query), query).toBeNull();
    }
    // 'BK' and six characters is an eight-character reference that starts with BK, not a short one.
    expect(readBookingRefQuery('bkzz9qz2')).toBe('BK-BKZZ9QZ2');
  });
});
