import { describe, expect, it } from 'vitest';
import { pickOfficeDefaultProduct, planOfficeCompletion } from './office-completion';

describe('planOfficeCompletion (docs/decisions/0046)', () => {
  it.each([
    // serviceType, route technician, products, asks for products, asks who applied them
    ['onetime', 4, 3, true, false],
    ['seasonal', null, 3, true, true],
    ['tick-seasonal', 4, 1, true, false],
    ['standingwater', null, 2, true, true],
    ['consult', null, 3, false, false],
    ['consult', 4, 3, false, false],
    ['onetime', null, 0, false, false],
    ['seasonal', 4, 0, false, false],
  ] as const)('%s with technician %s and %i products: products %s, technician %s', (serviceType, technicianId, products, recordsProducts, asksTechnician) => {
    expect(planOfficeCompletion({ serviceType, technicianId }, products)).toEqual({ recordsProducts, asksTechnician });
  });
});

describe('pickOfficeDefaultProduct', () => {
  it.each([
    // products offered, last product by technician, applying technician, first line's product
    [[1, 2, 3], { 4: 2 }, 4, 2],
    [[1, 2, 3], { 4: 9 }, 4, null],
    [[1, 2, 3], { 5: 2 }, 4, null],
    [[1, 2, 3], { 4: 2 }, null, null],
    [[7], {}, null, 7],
    [[7], { 4: 9 }, 4, 7],
    [[], { 4: 2 }, 4, null],
  ] as const)('offers %j, last %j, technician %s: %s', (ids, last, technicianId, expected) => {
    expect(pickOfficeDefaultProduct(ids, last, technicianId)).toBe(expected);
  });
});
