'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { type SaveOutcome, useDescribeError, useSaveOutcome } from '@/components/ui/form-outcome';
import { Input } from '@/components/ui/input';
import { usePrefilledFields } from '@/components/ui/prefilled-fields';
import { Select } from '@/components/ui/select';
import { PRODUCT_UNITS } from '@/lib/product-units';
import { type ProductFormValues, type ProductInput, ProductInputSchema } from '../product.schema';

const FIELDS = ['name', 'pcpNumber', 'unit'] as const;

/**
 * Name, PCP registration number and unit of one product: the add form and the edit dialog,
 * checked in the browser with the schema the server applies (docs/decisions/0042).
 */
export function ProductForm({ initial, submitLabel, onSave, onCancel, resetOnSuccess = false, labelledBy }: {
  initial: ProductFormValues;
  submitLabel: string;
  onSave: (values: ProductInput) => Promise<SaveOutcome>;
  onCancel?: () => void;
  resetOnSuccess?: boolean;
  /** The id of the heading that names the form. */
  labelledBy?: string;
}) {
  const t = useTranslations('applicationRecords');
  const id = useId();
  const { register, handleSubmit, formState, setError, reset } = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(ProductInputSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = formState;
  const prefilled = usePrefilledFields({ register, formState });
  const describe = useDescribeError();
  const { formError, runSave } = useSaveOutcome(FIELDS, setError, t('products.saveFailed'));

  const submit = async (values: ProductInput) => {
    if ((await runSave(() => onSave(values))) && resetOnSuccess) reset(initial);
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4" aria-labelledby={labelledBy}>
      <FormField id={`${id}-name`} label={t('products.name')} error={describe(errors.name)}>
        {(props) => <Input autoComplete="off" {...props} {...prefilled.field('name')} />}
      </FormField>
      <FormField id={`${id}-pcpNumber`} label={t('products.pcpNumber')} hint={t('products.pcpHint')} error={describe(errors.pcpNumber)}>
        {(props) => <Input autoComplete="off" inputMode="numeric" {...props} {...prefilled.field('pcpNumber')} />}
      </FormField>
      <FormField id={`${id}-unit`} label={t('products.unit')} error={describe(errors.unit)}>
        {(props) => (
          <Select {...props} {...prefilled.field('unit')}>
            {PRODUCT_UNITS.map((unit) => <option key={unit} value={unit}>{t(`units.${unit}`)}</option>)}
          </Select>
        )}
      </FormField>
      <FormFooter
        formError={formError}
        busy={isSubmitting}
        submitLabel={submitLabel}
        savingLabel={t('products.saving')}
        cancelLabel={t('products.cancel')}
        onCancel={onCancel}
      />
    </form>
  );
}
