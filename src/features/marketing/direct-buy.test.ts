import { describe, expect, it } from 'vitest';
import { buildDirectBuyQuery, parseDirectBuy } from './direct-buy';

describe('parseDirectBuy', () => {
  it('ignores a page without directBuy=true', () => {
    expect(parseDirectBuy(new URLSearchParams('service=seasonal'))).toBeNull();
    expect(parseDirectBuy(new URLSearchParams('directBuy=1'))).toBeNull();
  });

  it('fills SPEC defaults (service onetime, size 0.5)', () => {
    expect(parseDirectBuy(new URLSearchParams('directBuy=true'))).toEqual({ service: 'onetime', size: '0.5' });
  });

  it('keeps every value it was given and forwards them unchanged', () => {
    const request = parseDirectBuy(new URLSearchParams(
      'directBuy=true&service=seasonal&size=0.75&includeTick=true&includeStandingWater=false&address=12+King+St&email=a%40b.ca&name=Ann+Lee&price=412&utm=x',
    ));
    expect(request).toEqual({
      service: 'seasonal', size: '0.75', includeTick: 'true', includeStandingWater: 'false',
      address: '12 King St', email: 'a@b.ca', name: 'Ann Lee', price: '412',
    });
    expect(new URLSearchParams(buildDirectBuyQuery(request!)).get('address')).toBe('12 King St');
    expect(buildDirectBuyQuery(request!)).not.toContain('utm');
  });

  it('forwards the first and last name as typed beside SPEC\'s name (0070)', () => {
    const request = parseDirectBuy(new URLSearchParams(
      'directBuy=true&service=seasonal&name=Jos%C3%A9+Mar%C3%ADa+N%C3%BA%C3%B1ez+Pe%C3%B1a&firstName=Jos%C3%A9+Mar%C3%ADa&lastName=N%C3%BA%C3%B1ez+Pe%C3%B1a&quoteToken=tok',
    ));
    expect(request).toMatchObject({ name: 'José María Núñez Peña', firstName: 'José María', lastName: 'Núñez Peña' });
    const forwarded = new URLSearchParams(buildDirectBuyQuery(request!));
    expect([forwarded.get('firstName'), forwarded.get('lastName'), forwarded.get('name')]).toEqual(['José María', 'Núñez Peña', 'José María Núñez Peña']);
  });
});
