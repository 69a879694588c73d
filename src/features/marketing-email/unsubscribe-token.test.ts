import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPrivateAddress } from '@/features/analytics/analytics';
import { createManageToken } from '@/features/manage-booking/manage-link';
import { resetEnvCache } from '@/env';
import { buildPromotionalHeaders } from './list-unsubscribe';
import { buildOneClickUnsubscribeUrl, buildUnsubscribePageUrl, createUnsubscribeToken, readUnsubscribeToken } from './unsubscribe-token';

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

describe('unsubscribe tokens', () => {
  it('read back into their customer, and are the same every time for one customer', () => {
    const token = createUnsubscribeToken(4127);
    expect(token).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expect(createUnsubscribeToken(4127)).toBe(token);
    expect(readUnsubscribeToken(token)).toBe(4127);
    expect(createUnsubscribeToken(4128)).not.toBe(token);
  });

  it('refuse anything this server did not make: another id with the same MAC, a changed MAC, a cut token, garbage', () => {
    const token = createUnsubscribeToken(4127);
    const [id, mac] = token.split('.') as [string, string];
    const flipped = `${id}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    for (const bad of [`${(4128).toString(36)}.${mac}`, flipped, token.slice(0, -1), `${token}A`, `0${token}`, `0.${mac}`, id, '', 'x'.repeat(30), '../../etc/passwd', `${id}.${mac}.${mac}`]) {
      expect(readUnsubscribeToken(bad), bad).toBeNull();
    }
  });

  it('are keyed by the server secret (BOOKING_LINK_SECRET), apart from the manage-booking links made with it', () => {
    const token = createUnsubscribeToken(4127);
    vi.stubEnv('BOOKING_LINK_SECRET', 'another-secret-of-at-least-32-characters!!');
    resetEnvCache();
    expect(readUnsubscribeToken(token)).toBeNull();
    const fresh = createUnsubscribeToken(4127);
    expect(fresh).not.toBe(token);
    expect(readUnsubscribeToken(fresh)).toBe(4127);
    expect(createManageToken({ bookingRef: '4127', generation: 0 })).not.toContain(fresh.split('.')[1]);
  });

  it('link to the page in the email\'s language, and to the one-click address, both private to analytics', () => {
    const token = createUnsubscribeToken(7);
    expect(buildUnsubscribePageUrl('en', 7, 'https://escarpmentmosquito.ca')).toBe(`https://escarpmentmosquito.ca/unsubscribe/${token}`);
    expect(buildUnsubscribePageUrl('fr', 7, 'https://escarpmentmosquito.ca')).toBe(`https://escarpmentmosquito.ca/fr/unsubscribe/${token}`);
    expect(buildOneClickUnsubscribeUrl(7, 'https://escarpmentmosquito.ca')).toBe(`https://escarpmentmosquito.ca/api/unsubscribe/${token}`);
    expect(isPrivateAddress(buildUnsubscribePageUrl('de', 7, 'https://escarpmentmosquito.ca'))).toBe(true);
    expect(isPrivateAddress(buildUnsubscribePageUrl('en', 7, 'https://escarpmentmosquito.ca'))).toBe(true);
  });
});

describe('promotional email headers (RFC 2369 / RFC 8058)', () => {
  it('a season opener carries List-Unsubscribe with its customer\'s one-click address, and List-Unsubscribe-Post', () => {
    expect(buildPromotionalHeaders({ kind: 'season-opener', relatedType: 'customer', relatedId: 7 }, 'https://escarpmentmosquito.ca')).toEqual({
      'List-Unsubscribe': `<https://escarpmentmosquito.ca/api/unsubscribe/${createUnsubscribeToken(7)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('service emails carry none', () => {
    for (const kind of ['receipt', 'visit-reminder', 'booking-received', 'quote']) {
      expect(buildPromotionalHeaders({ kind, relatedType: 'customer', relatedId: 7 })).toBeNull();
    }
    expect(buildPromotionalHeaders({ kind: 'season-opener', relatedType: null, relatedId: null })).toBeNull();
  });
});
