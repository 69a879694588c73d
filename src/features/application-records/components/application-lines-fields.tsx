'use client';
import { Plus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { createLine, dropFixedLineErrors, type LineDraft, lineFieldId } from '../application-form';
import { MAX_APPLICATION_LINES } from '../application-rules';
import type { ProductOption } from '../application-record.service';

const SELECT_CLASS = 'flex h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-base text-ink disabled:opacity-60 aria-invalid:border-red-600';

export type ProductChoice = ProductOption & { isActive?: boolean };

/**
 * A record form's lines and its messages by field: `changeLines` (the fields' `onChange`) takes a
 * message away as soon as its field is put right (`dropFixedLineErrors`, 0110), not at the next save.
 */
export function useLineDrafts(initial: () => LineDraft[]) {
  const [lines, setLines] = useState<LineDraft[]>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changeLines = (next: LineDraft[]) => {
    setErrors((current) => dropFixedLineErrors(current, lines, next));
    setLines(next);
  };
  return { lines, changeLines, errors, setErrors };
}

/**
 * The products applied at a visit, one line each (docs/decisions/0042): the product (its PCP
 * number in the option) and the amount in the product's unit, "Add product" up to five lines and
 * "Remove" from the second. Full-width controls of 44 px, a decimal keypad for the amount, labels
 * that number the lines once there are two. `errors` holds translated messages by field
 * (`applications.0.amount`); focus moves to a new line's product, and after a removal to the line
 * before it.
 */
export function ApplicationLinesFields({ idPrefix, lines, onChange, products, errors, disabled = false }: {
  idPrefix: string;
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  products: ProductChoice[];
  errors: Record<string, string>;
  disabled?: boolean;
}) {
  const t = useTranslations('applicationRecords');
  const count = lines.length;
  const hintId = `${idPrefix}-applications-hint`;
  const groupErrorId = `${idPrefix}-applications-error`;
  const unitOf = (productId: string) => products.find((p) => String(p.id) === productId)?.unit;

  const update = (index: number, change: Partial<LineDraft>) => onChange(lines.map((line, i) => (i === index ? { ...line, ...change } : line)));
  const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
  const add = () => {
    onChange([...lines, createLine()]);
    focusLater(lineFieldId(idPrefix, count, 'productId'));
  };
  const remove = (index: number) => {
    onChange(lines.filter((_, i) => i !== index));
    focusLater(lineFieldId(idPrefix, Math.max(0, index - 1), 'productId'));
  };

  return (
    <fieldset className="space-y-3" aria-describedby={[hintId, errors.applications ? groupErrorId : null].filter(Boolean).join(' ')}>
      <legend className="text-sm font-semibold text-ink">{t('lines.legend')}</legend>
      <p id={hintId} className="text-sm text-gray-600">{t('lines.hint')}</p>
      {lines.map((line, index) => {
        const n = index + 1;
        const productId = lineFieldId(idPrefix, index, 'productId');
        const amountId = lineFieldId(idPrefix, index, 'amount');
        const productError = errors[`applications.${index}.productId`];
        const amountError = errors[`applications.${index}.amount`];
        const unit = unitOf(line.productId);
        return (
          <div key={line.key} className="space-y-3 rounded-md border border-gray-200 p-3" data-testid="application-line">
            <div className="space-y-1.5">
              <Label htmlFor={productId}>{t('lines.product', { count, n })}</Label>
              <select
                id={productId}
                className={SELECT_CLASS}
                value={line.productId}
                disabled={disabled}
                aria-invalid={productError ? true : undefined}
                aria-describedby={productError ? `${productId}-error` : undefined}
                onChange={(event) => update(index, { productId: event.target.value })}
              >
                <option value="">{t('lines.chooseProduct')}</option>
                {products.map((product) => (
                  <option key={product.id} value={product.id}>
                    {t(product.isActive === false ? 'lines.retiredOption' : 'lines.productOption', { name: product.name, number: product.pcpNumber })}
                  </option>
                ))}
              </select>
              {productError ? <p id={`${productId}-error`} className="text-sm text-red-700">{productError}</p> : null}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={amountId}>{t('lines.amount', { count, n })}</Label>
              <div className="flex items-center gap-2">
                <Input
                  id={amountId}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  className="h-11 min-w-0 flex-1"
                  value={line.amount}
                  disabled={disabled}
                  aria-invalid={amountError ? true : undefined}
                  aria-describedby={[unit ? `${amountId}-unit` : null, amountError ? `${amountId}-error` : null].filter(Boolean).join(' ') || undefined}
                  onChange={(event) => update(index, { amount: event.target.value })}
                />
                {unit ? <span id={`${amountId}-unit`} className="shrink-0 text-sm text-gray-700">{t(`units.${unit}`)}</span> : null}
              </div>
              {amountError ? <p id={`${amountId}-error`} className="text-sm text-red-700">{amountError}</p> : null}
            </div>
            {count > 1 ? (
              <Button type="button" variant="outline" className="h-11 w-full sm:w-auto" disabled={disabled} onClick={() => remove(index)}>
                {t('lines.remove', { n })}
              </Button>
            ) : null}
          </div>
        );
      })}
      {errors.applications ? <p id={groupErrorId} className="text-sm text-red-700">{errors.applications}</p> : null}
      {count < MAX_APPLICATION_LINES ? (
        <Button type="button" variant="outline" className="h-11 w-full" disabled={disabled} onClick={add}>
          <Plus aria-hidden className="h-4 w-4" />
          {t('lines.add')}
        </Button>
      ) : (
        <p className="text-sm text-gray-600">{t('lines.maxReached')}</p>
      )}
    </fieldset>
  );
}
