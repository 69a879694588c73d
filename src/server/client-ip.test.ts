import { describe, expect, it } from 'vitest';
import { getClientIp } from './request-locale';

const withHeaders = (headers: Record<string, string>) => new Request('http://localhost/api/send-quote', { headers });

describe('getClientIp', () => {
  it('takes the address our one proxy appended, not the ones the caller wrote before it', () => {
    expect(getClientIp(withHeaders({ 'x-forwarded-for': '203.0.113.9' }), 1)).toBe('203.0.113.9');
    expect(getClientIp(withHeaders({ 'x-forwarded-for': '1.1.1.1, 2.2.2.2, 203.0.113.9' }), 1)).toBe('203.0.113.9');
  });

  it('counts hops from the right behind two proxies', () => {
    expect(getClientIp(withHeaders({ 'x-forwarded-for': 'spoofed, 198.51.100.4, 10.0.0.2' }), 2)).toBe('198.51.100.4');
    expect(getClientIp(withHeaders({ 'x-forwarded-for': '198.51.100.4' }), 2)).toBe('198.51.100.4');
  });

  it('ignores the forwarded chain when no proxy is trusted', () => {
    expect(getClientIp(withHeaders({ 'x-forwarded-for': '1.1.1.1', 'x-real-ip': '192.0.2.7' }), 0)).toBe('192.0.2.7');
    expect(getClientIp(withHeaders({ 'x-forwarded-for': '1.1.1.1' }), 0)).toBe('local');
  });

  it('falls back when the header is empty', () => {
    expect(getClientIp(withHeaders({ 'x-forwarded-for': ' , ' }), 1)).toBe('local');
  });
});
