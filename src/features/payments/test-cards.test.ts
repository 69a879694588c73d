import { describe, expect, it } from 'vitest';
import { evaluateTestCard, isLuhnValid, parseExpiry } from './test-cards';

const now = new Date('2026-11-22T12:00:00Z');
const good = { expiry: '12/30', cvc: '123' };

describe('evaluateTestCard', () => {
  it.each([
    ['4242 4242 4242 4242', 'succeeded'],
    ['4242-4242-4242-4242', 'succeeded'],
    ['4000 0000 0000 0002', 'declined'],
    ['4000 0025 0000 3155', 'requires_action'],
    ['4000 0000 0000 7775', 'processing'],
    ['4000 0000 0000 8773', 'processing'],
  ])('%s → %s', (number, kind) => {
    expect(evaluateTestCard({ number, ...good }, now).kind).toBe(kind);
  });

  it('declines with the card-declined message', () => {
    expect(evaluateTestCard({ number: '4000000000000002', ...good }, now)).toEqual({ kind: 'declined', messageKey: 'payments.card.declined' });
  });

  it('settles the processing cards as paid (7775) or declined (8773)', () => {
    expect(evaluateTestCard({ number: '4000000000007775', ...good }, now)).toEqual({ kind: 'processing', settlesAs: 'succeeded' });
    expect(evaluateTestCard({ number: '4000000000008773', ...good }, now)).toEqual({ kind: 'processing', settlesAs: 'declined' });
  });

  it.each([
    [{ number: '4242 4242 4242 4241', ...good }, 'number', 'payments.card.invalidNumber'],
    [{ number: '1234', ...good }, 'number', 'payments.card.invalidNumber'],
    [{ number: '5555 5555 5555 4444', ...good }, 'number', 'payments.card.unknownTestCard'],
    [{ number: '4242424242424242', expiry: '13/30', cvc: '123' }, 'expiry', 'payments.card.invalidExpiry'],
    [{ number: '4242424242424242', expiry: '10-30', cvc: '123' }, 'expiry', 'payments.card.invalidExpiry'],
    [{ number: '4242424242424242', expiry: '10/26', cvc: '123' }, 'expiry', 'payments.card.expired'],
    [{ number: '4242424242424242', expiry: '12/30', cvc: '12' }, 'cvc', 'payments.card.invalidCvc'],
    [{ number: '4242424242424242', expiry: '12/30', cvc: 'abc' }, 'cvc', 'payments.card.invalidCvc'],
  ])('rejects %o on %s', (card, field, messageKey) => {
    expect(evaluateTestCard(card, now)).toEqual({ kind: 'invalid', field, messageKey });
  });

  it('accepts a card expiring this month and refuses last month', () => {
    expect(evaluateTestCard({ number: '4242424242424242', expiry: '11/26', cvc: '123' }, now).kind).toBe('succeeded');
    expect(evaluateTestCard({ number: '4242424242424242', expiry: '10/2026', cvc: '123' }, now).kind).toBe('invalid');
  });
});

describe('card helpers', () => {
  it('checks the Luhn digit', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4242424242424243')).toBe(false);
  });
  it('parses two- and four-digit years', () => {
    expect(parseExpiry('04 / 28')).toEqual({ month: 4, year: 2028 });
    expect(parseExpiry('4/2031')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('00/31')).toBeNull();
  });
  it('reads the digits alone, as typed without the slash', () => {
    expect(parseExpiry('1229')).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry('0428')).toEqual({ month: 4, year: 2028 });
    expect(parseExpiry('122031')).toEqual({ month: 12, year: 2031 });
    expect(parseExpiry('1329')).toBeNull();
    expect(parseExpiry('429')).toBeNull();
    expect(evaluateTestCard({ number: '4242424242424242', expiry: '1230', cvc: '123' }, now)).toEqual({ kind: 'succeeded' });
  });
});
