import { describe, expect, it } from 'vitest';
import { doesClientAmountMatch, hasClientAmount } from './amount-check';

// One-time 0.25 acre in Hamilton: 99.00 + 12.87 HST = 111.87 (DECISIONS §1).
const price = { subtotalCents: 9900, totalCents: 11187 };

describe('doesClientAmountMatch', () => {
  it.each([
    [{}, true],
    [{ confirmedAmountCents: 11187 }, true],
    [{ confirmedAmountCents: 11186 }, false],
    [{ confirmedAmountCents: 9900 }, false],
    [{ confirmedAmount: 111.87 }, true],
    [{ confirmedAmount: 99 }, true],
    [{ confirmedAmount: 1 }, false],
    [{ quoteTotal: 111.87 }, true],
    [{ quoteTotal: 112 }, false],
    [{ amount: 0.5 }, false],
    [{ confirmedAmountCents: 11187, quoteTotal: 50 }, false],
  ])('%o → %s', (client, expected) => {
    expect(doesClientAmountMatch(client, price)).toBe(expected);
  });

  it('knows when the client sent any amount at all', () => {
    expect(hasClientAmount({})).toBe(false);
    expect(hasClientAmount({ quoteTotal: 0 })).toBe(true);
  });
});
