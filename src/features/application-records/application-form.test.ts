import { describe, expect, it } from 'vitest';
import { createLine, dropFixedLineErrors, type LineDraft } from './application-form';

const line = (key: number, productId: string, amount: string): LineDraft => ({ key, productId, amount });

describe('dropFixedLineErrors', () => {
  const errors = { 'applications.0.productId': 'Choose the product applied.', 'applications.0.amount': 'Enter the amount applied.', note: 'Too long.' };

  it('takes a product message away once a product is chosen, and keeps the others', () => {
    const before = [line(1, '', '')];
    const after = [line(1, '7', '')];
    expect(dropFixedLineErrors(errors, before, after)).toEqual({ 'applications.0.amount': 'Enter the amount applied.', note: 'Too long.' });
  });

  it('takes an amount message away once the amount reads, not while it is still wrong', () => {
    const before = [line(1, '', '')];
    expect(dropFixedLineErrors(errors, before, [line(1, '', '1,5')])).not.toHaveProperty(['applications.0.amount']);
    expect(dropFixedLineErrors(errors, before, [line(1, '', '1,555')])).toHaveProperty(['applications.0.amount']);
  });

  it('keeps a message the server gave on a field nobody touched', () => {
    const refused = { 'applications.0.productId': 'That product is no longer offered.' };
    const lines = [line(1, '7', '2'), line(2, '8', '')];
    const after = [lines[0]!, line(2, '8', '3')];
    expect(dropFixedLineErrors(refused, lines, after)).toEqual(refused);
  });

  it('keeps the product message when "Choose the product" is chosen again', () => {
    const before = [createLine(7)];
    const after = [{ ...before[0]!, productId: '' }];
    expect(dropFixedLineErrors({ 'applications.0.productId': 'Choose the product applied.' }, before, after)).toHaveProperty(['applications.0.productId']);
  });
});
