import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '@/env';
import { buildManageBookingUrl, createManageToken, readManageToken } from './manage-link';

vi.mock('server-only', () => ({}));

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

describe('manage-booking tokens', () => {
  it('open back into their booking reference, and are the same every time for one booking', () => {
    const token = createManageToken('BK-7H3K9QZ2');
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,80}$/);
    expect(createManageToken('BK-7H3K9QZ2')).toBe(token);
    expect(readManageToken(token)).toBe('BK-7H3K9QZ2');
  });

  it('do not show the reference, and differ between bookings', () => {
    const token = createManageToken('BK-7H3K9QZ2');
    expect(token).not.toContain('7H3K9QZ2');
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('BK-7H3K9QZ2');
    expect(createManageToken('BK-7H3K9QZ3')).not.toBe(token);
  });

  it('refuse anything this server did not make: a changed character, a cut token, garbage, another key', () => {
    const token = createManageToken('BK-7H3K9QZ2');
    const flipped = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    for (const bad of [flipped, token.slice(0, -2), `${token}AA`, 'BK-7H3K9QZ2', '', 'x'.repeat(60), '../../etc/passwd']) {
      expect(readManageToken(bad)).toBeNull();
    }
    vi.stubEnv('BOOKING_LINK_SECRET', 'another-secret-of-at-least-32-characters!!');
    resetEnvCache();
    expect(readManageToken(token)).toBeNull();
    expect(readManageToken(createManageToken('BK-7H3K9QZ2'))).toBe('BK-7H3K9QZ2');
  });

  it('link to the page in the customer\'s language', () => {
    const token = createManageToken('BK-7H3K9QZ2');
    expect(buildManageBookingUrl('en', 'BK-7H3K9QZ2', 'https://example.ca')).toBe(`https://example.ca/manage-booking/${token}`);
    expect(buildManageBookingUrl('fr', 'BK-7H3K9QZ2', 'https://example.ca')).toBe(`https://example.ca/fr/manage-booking/${token}`);
  });
});
