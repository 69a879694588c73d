import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '@/env';
import { sealVersionOneToken } from '../../../tests/support/manage-links';
import { buildManageBookingUrl, carryCurrentLink, createManageToken, readManageToken } from './manage-link';

vi.mock('server-only', () => ({}));

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const LINK = { bookingRef: 'BK-7H3K9QZ2', generation: 0 };
/** Printed by the 0032 code (version 1) under the development key, before link generations existed. */
const SENT_BEFORE_0050 = { 'BK-7H3K9QZ2': 'tD5ew_FQiBGNPi295LSlORHWMxW0bW1dJp9QuZklIone-VlU4KdF', 'BK-AAAA1111': 'd79AdtCLvAxnc_uDkpsrZZulU_teGtd7ajxnS8mfW5_7EaUj2ZKG' };

/** The token with one character changed at `at`. */
const flip = (token: string, at: number) => `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;

describe('manage-booking tokens', () => {
  it('open back into their booking reference and generation, and are the same every time for one generation', () => {
    const token = createManageToken(LINK);
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,80}$/);
    expect(createManageToken(LINK)).toBe(token);
    expect(readManageToken(token)).toEqual(LINK);
  });

  it('carry their generation: each generation of a booking is another token, read back with its own number', () => {
    const tokens = [0, 1, 2, 41].map((generation) => createManageToken({ ...LINK, generation }));
    expect(new Set(tokens).size).toBe(4);
    expect(tokens.map(readManageToken)).toEqual([0, 1, 2, 41].map((generation) => ({ ...LINK, generation })));
    expect(() => createManageToken({ ...LINK, generation: -1 })).toThrow(RangeError);
    expect(() => createManageToken({ ...LINK, generation: 1.5 })).toThrow(RangeError);
  });

  it('still read the links emailed before generations existed (0032\'s format) as generation 0', () => {
    for (const [bookingRef, token] of Object.entries(SENT_BEFORE_0050)) {
      expect(readManageToken(token)).toEqual({ bookingRef, generation: 0 });
      expect(sealVersionOneToken(bookingRef)).toBe(token);
    }
    // The new format never prints them again.
    expect(createManageToken(LINK)).not.toBe(SENT_BEFORE_0050['BK-7H3K9QZ2']);
  });

  it('do not show the reference, and differ between bookings', () => {
    const token = createManageToken(LINK);
    expect(token).not.toContain('7H3K9QZ2');
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('BK-7H3K9QZ2');
    expect(createManageToken({ ...LINK, bookingRef: 'BK-7H3K9QZ3' })).not.toBe(token);
  });

  it('refuse anything this server did not make: a changed character, a cut token, garbage, another key', () => {
    for (const token of [createManageToken(LINK), createManageToken({ ...LINK, generation: 3 }), SENT_BEFORE_0050['BK-7H3K9QZ2']]) {
      // The nonce, the sealed generation or reference, and the tag.
      for (const at of [2, 14, 20, token.length - 3]) expect(readManageToken(flip(token, at))).toBeNull();
      for (const bad of [token.slice(0, -2), `${token}AA`]) expect(readManageToken(bad)).toBeNull();
    }
    for (const bad of ['BK-7H3K9QZ2', '', 'x'.repeat(60), '../../etc/passwd']) expect(readManageToken(bad)).toBeNull();
    const token = createManageToken(LINK);
    vi.stubEnv('BOOKING_LINK_SECRET', 'another-secret-of-at-least-32-characters!!');
    resetEnvCache();
    expect(readManageToken(token)).toBeNull();
    expect(readManageToken(SENT_BEFORE_0050['BK-7H3K9QZ2'])).toBeNull();
    expect(readManageToken(createManageToken(LINK))).toEqual(LINK);
  });

  it('seal their generation: changing any byte of the sealed text is refused', () => {
    const raw = Buffer.from(createManageToken({ ...LINK, generation: 1 }), 'base64url');
    // The generation is sealed: changing any byte of the sealed text breaks the tag.
    for (let i = 12; i < raw.length - 16; i += 1) {
      const forged = Buffer.from(raw);
      forged[i] = forged[i]! ^ 0x01;
      expect(readManageToken(forged.toString('base64url'))).toBeNull();
    }
  });

  it('link to the page in the customer\'s language', () => {
    const token = createManageToken({ ...LINK, generation: 2 });
    expect(buildManageBookingUrl('en', { ...LINK, generation: 2 }, 'https://example.ca')).toBe(`https://example.ca/manage-booking/${token}`);
    expect(buildManageBookingUrl('fr', { ...LINK, generation: 2 }, 'https://example.ca')).toBe(`https://example.ca/fr/manage-booking/${token}`);
  });
});

describe('carrying the current link into an email written before a replacement', () => {
  const url = (link: { bookingRef: string; generation: number }, path = '') => `https://example.ca/fr/manage-booking/${createManageToken(link)}${path}`;

  it('replaces every earlier link of the booking (either format, the page and its receipts) with the current one', () => {
    const current = { ...LINK, generation: 2 };
    const old = createManageToken({ ...LINK, generation: 1 });
    const email = [
      `Gérer : ${url({ ...LINK, generation: 1 })}`,
      `<a href="${url(LINK, '/receipt/12')}">Reçu</a>`,
      `https://example.ca/manage-booking/${SENT_BEFORE_0050['BK-7H3K9QZ2']}.`,
    ].join('\n');
    const rewritten = carryCurrentLink(email, current);
    const token = createManageToken(current);
    expect(rewritten).toBe([
      `Gérer : https://example.ca/fr/manage-booking/${token}`,
      `<a href="https://example.ca/fr/manage-booking/${token}/receipt/12">Reçu</a>`,
      `https://example.ca/manage-booking/${token}.`,
    ].join('\n'));
    expect(rewritten).not.toContain(old);
    for (const printed of rewritten.match(/manage-booking\/([\w-]+)/g)!) expect(readManageToken(printed.slice('manage-booking/'.length))).toEqual(current);
  });

  it('leaves other bookings\' links, links already current, and anything that is not a token of ours as they are', () => {
    const current = { ...LINK, generation: 1 };
    const email = [
      url({ bookingRef: 'BK-AAAA1111', generation: 0 }),
      `https://example.ca/manage-booking/${SENT_BEFORE_0050['BK-AAAA1111']}`,
      url(current),
      `https://example.ca/manage-booking/${flip(createManageToken(LINK), 20)}`,
      'https://example.ca/manage-booking/short',
      `token elsewhere: ${createManageToken(LINK)}`,
      'no link at all',
    ].join('\n');
    expect(carryCurrentLink(email, current)).toBe(email);
  });
});
