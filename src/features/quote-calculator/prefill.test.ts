import { describe, expect, it } from 'vitest';
import { hasPrefill, parseQuotePrefill } from './prefill';

const parse = (query: string) => parseQuotePrefill(new URLSearchParams(query));

describe('parseQuotePrefill', () => {
  it('reads every SPEC parameter', () => {
    expect(parse('serviceType=seasonal&propertySize=0.75&includeTick=true&includeTargetedInsects=true&name=Mary%20Ann%20Smith&address=1%20Main%20St%2C%20Dundas&email=m%40x.ca')).toEqual({
      serviceType: 'seasonal',
      propertySize: '0.75',
      includeTick: true,
      includeTargetedInsects: true,
      firstName: 'Mary',
      lastName: 'Ann Smith',
      address: '1 Main St, Dundas',
      email: 'm@x.ca',
    });
  });

  it('maps tick to the seasonal tick plan and odd sizes to the next option', () => {
    expect(parse('serviceType=tick&propertySize=0.3')).toEqual({ serviceType: 'tick-seasonal', propertySize: '0.5' });
    expect(parse('propertySize=1.5')).toEqual({ propertySize: '999' });
  });

  it('leaves out what it cannot use', () => {
    expect(parse('serviceType=deluxe&propertySize=-1&includeTick=yes&name=%20%20')).toEqual({});
    expect(parse('name=Cher')).toEqual({ firstName: 'Cher' });
  });

  it('fills the two name fields from firstName and lastName rather than splitting name (0070)', () => {
    expect(parse('name=Jos%C3%A9%20Mar%C3%ADa%20N%C3%BA%C3%B1ez%20Pe%C3%B1a&firstName=Jos%C3%A9%20Mar%C3%ADa&lastName=N%C3%BA%C3%B1ez%20Pe%C3%B1a'))
      .toEqual({ firstName: 'José María', lastName: 'Núñez Peña' });
    expect(parse('firstName=%20Ana%20%20Sof%C3%ADa&lastName=Ruiz')).toEqual({ firstName: 'Ana Sofía', lastName: 'Ruiz' });
    // One part alone is not a name in two fields: SPEC's name and its split still apply.
    expect(parse('name=Mary%20Ann%20Smith&firstName=Mary%20Ann')).toEqual({ firstName: 'Mary', lastName: 'Ann Smith' });
  });

  it('tells whether the query carries prefill values', () => {
    expect(hasPrefill(new URLSearchParams('utm_source=x'))).toBe(false);
    expect(hasPrefill(new URLSearchParams('email=a%40b.ca'))).toBe(true);
    // A link with only the name parts is read, and so cleaned from the address, too.
    expect(hasPrefill(new URLSearchParams('firstName=Ana&lastName=Ruiz'))).toBe(true);
  });
});
