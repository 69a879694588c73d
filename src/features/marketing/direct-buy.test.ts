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
});
