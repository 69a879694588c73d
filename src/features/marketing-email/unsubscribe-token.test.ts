import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPrivateAddress } from '@/features/analytics/analytics';
import { createManageToken } from '@/features/manage-booking/manage-link';
import { resetEnvCache } from '@/env';
import { buildListUnsubscribeHeaders } from './list-unsubscribe';
import {
  buildAddressOneClickUnsubscribeUrl, buildAddressUnsubscribePageUrl, buildOneClickUnsubscribeUrl, buildUnsubscribePageUrl, createAddressUnsubscribeToken,
  createUnsubscribeToken, readAddressUnsubscribeToken, readAnyUnsubscribeToken, readUnsubscribeToken,
} from './unsubscribe-token';

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

describe('an email address\'s unsubscribe tokens (quote emails, 0066)', () => {
  it('read back into the address, trimmed and in lower case, the same every time for one address', () => {
    const token = createAddressUnsubscribeToken('  Ana.Ruiz+quotes@Example.com ');
    expect(readAddressUnsubscribeToken(token)).toBe('ana.ruiz+quotes@example.com');
    expect(createAddressUnsubscribeToken('ana.ruiz+quotes@example.com')).toBe(token);
    expect(createAddressUnsubscribeToken('ana.ruiz@example.com')).not.toBe(token);
    expect(readAnyUnsubscribeToken(token)).toEqual({ kind: 'address', address: 'ana.ruiz+quotes@example.com' });
    expect(readAnyUnsubscribeToken(createUnsubscribeToken(4127))).toEqual({ kind: 'customer', customerId: 4127 });
    // An accented address survives the trip.
    expect(readAddressUnsubscribeToken(createAddressUnsubscribeToken('zoë@exemple.ca'))).toBe('zoë@exemple.ca');
  });

  it('carry the address and its MAC, nothing else', () => {
    const [kind, payload, mac, ...rest] = createAddressUnsubscribeToken('ana@example.com').split('.');
    expect([kind, rest]).toEqual(['e', []]);
    expect(Buffer.from(payload!, 'base64url').toString('utf8')).toBe('ana@example.com');
    expect(mac).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('refuse a token whose address or MAC was changed, one cut short, and a customer token passed off as one', () => {
    const token = createAddressUnsubscribeToken('ana@example.com');
    const [, payload, mac] = token.split('.') as [string, string, string];
    const other = Buffer.from('bob@example.com', 'utf8').toString('base64url');
    const upper = Buffer.from('ANA@example.com', 'utf8').toString('base64url');
    const flipped = `${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    const customerMac = createUnsubscribeToken(4127).split('.')[1]!;
    for (const bad of [
      `e.${other}.${mac}`, `e.${upper}.${mac}`, `e.${payload}.${flipped}`, token.slice(0, -1), `${token}A`, `e.${payload}`, `x.${payload}.${mac}`,
      `e.${payload}=.${mac}`, `e.${Buffer.from('not-an-address', 'utf8').toString('base64url')}.${mac}`, `e.${payload}.${customerMac}`, '',
    ]) {
      expect(readAddressUnsubscribeToken(bad), bad).toBeNull();
      expect(readAnyUnsubscribeToken(bad), bad).toBeNull();
    }
    expect(() => createAddressUnsubscribeToken('not an address')).toThrow(RangeError);
  });

  it('are keyed by the server secret too', () => {
    const token = createAddressUnsubscribeToken('ana@example.com');
    vi.stubEnv('BOOKING_LINK_SECRET', 'another-secret-of-at-least-32-characters!!');
    resetEnvCache();
    expect(readAddressUnsubscribeToken(token)).toBeNull();
    expect(readAddressUnsubscribeToken(createAddressUnsubscribeToken('ana@example.com'))).toBe('ana@example.com');
  });

  it('link to the page in the email\'s language and to the one-click address, private to analytics', () => {
    const token = createAddressUnsubscribeToken('ana@example.com');
    expect(buildAddressUnsubscribePageUrl('fr', 'ana@example.com', 'https://escarpmentmosquito.ca')).toBe(`https://escarpmentmosquito.ca/fr/unsubscribe/${token}`);
    expect(buildAddressOneClickUnsubscribeUrl('ana@example.com', 'https://escarpmentmosquito.ca')).toBe(`https://escarpmentmosquito.ca/api/unsubscribe/${token}`);
    expect(isPrivateAddress(buildAddressUnsubscribePageUrl('es', 'ana@example.com', 'https://escarpmentmosquito.ca'))).toBe(true);
  });
});

describe('List-Unsubscribe headers (RFC 2369 / RFC 8058)', () => {
  const row = { relatedType: 'customer', relatedId: 7, toAddress: 'ana@example.com' };

  it('a season opener carries List-Unsubscribe with its customer\'s one-click address, and List-Unsubscribe-Post', () => {
    expect(buildListUnsubscribeHeaders({ ...row, kind: 'season-opener' }, 'https://escarpmentmosquito.ca')).toEqual({
      'List-Unsubscribe': `<https://escarpmentmosquito.ca/api/unsubscribe/${createUnsubscribeToken(7)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('a quote email (first or follow-up) carries its recipient address\'s one-click address (0066)', () => {
    expect(buildListUnsubscribeHeaders({ kind: 'quote', relatedType: 'quote', relatedId: 12, toAddress: 'Ana@Example.com' }, 'https://escarpmentmosquito.ca')).toEqual({
      'List-Unsubscribe': `<https://escarpmentmosquito.ca/api/unsubscribe/${createAddressUnsubscribeToken('ana@example.com')}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('the office\'s follow-up of a quote, its own kind since 0074, carries them for its address too', () => {
    expect(buildListUnsubscribeHeaders({ kind: 'quote-follow-up', relatedType: 'quote', relatedId: 12, toAddress: 'ana@example.com' }, 'https://escarpmentmosquito.ca')).toEqual({
      'List-Unsubscribe': `<https://escarpmentmosquito.ca/api/unsubscribe/${createAddressUnsubscribeToken('ana@example.com')}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('service emails carry none', () => {
    for (const kind of ['receipt', 'visit-reminder', 'booking-received', 'booking-cancelled', 'staff-notification', 'manage-link']) {
      expect(buildListUnsubscribeHeaders({ ...row, kind })).toBeNull();
    }
    expect(buildListUnsubscribeHeaders({ kind: 'season-opener', relatedType: null, relatedId: null, toAddress: 'ana@example.com' })).toBeNull();
  });
});
