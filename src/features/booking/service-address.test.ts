import { describe, expect, it } from 'vitest';
import { findServiceAddress } from './service-address';

const onFile = { customerAddress: '12 Oak Ave', customerCity: 'Dundas', customerPostalCode: 'L9H 1A1' };

describe('findServiceAddress', () => {
  it("is the visit's own address when it has one", () => {
    expect(findServiceAddress({ address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5', ...onFile }))
      .toEqual({ address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5' });
  });

  it("keeps a visit's partial address whole instead of filling the gaps from the file", () => {
    expect(findServiceAddress({ address: null, city: 'Ancaster', postalCode: null, ...onFile }))
      .toEqual({ address: null, city: 'Ancaster', postalCode: null });
  });

  it("is the customer's address on file for a visit booked without one", () => {
    expect(findServiceAddress({ address: '', city: null, postalCode: null, ...onFile }))
      .toEqual({ address: '12 Oak Ave', city: 'Dundas', postalCode: 'L9H 1A1' });
  });
});
