'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { placeServerErrors, type SaveOutcome, useDescribeError } from '@/components/ui/form-outcome';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatClock } from '@/features/routing/components/route-format';
import { buildTechnicianSchema, parseClockMinutes, type TechnicianFormValues, type TechnicianInput } from '../technician.schema';
import type { TechniciansOverview } from '../technician.service';

const FIELDS = ['name', 'color', 'shiftStart', 'shiftEnd', 'licenceNumber'] as const;

/**
 * Name, colour, shift and licence number of one technician: the add form and the edit dialog. Checked in the
 * browser with the same schema (and the branch's Friday hours) the server applies.
 */
export function TechnicianForm({ workingHours, initial, submitLabel, onSave, onCancel, resetOnSuccess = false, labelledBy }: {
  workingHours: TechniciansOverview['workingHours'];
  initial: TechnicianFormValues;
  submitLabel: string;
  onSave: (values: TechnicianInput) => Promise<SaveOutcome>;
  onCancel?: () => void;
  resetOnSuccess?: boolean;
  /** The id of the heading that names the form. */
  labelledBy?: string;
}) {
  const t = useTranslations('technicians');
  const locale = useLocale();
  const id = useId();
  const schema = useMemo(() => buildTechnicianSchema({
    dayStartMin: parseClockMinutes(workingHours.start) ?? 0,
    dayEndMin: parseClockMinutes(workingHours.end) ?? 24 * 60,
    serviceMin: workingHours.serviceMin,
  }), [workingHours]);
  const { register, handleSubmit, formState, setError, reset, control } = useForm<TechnicianFormValues, unknown, TechnicianInput>({
    resolver: zodResolver(schema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = formState;
  const color = useWatch({ control, name: 'color' });
  const [formError, setFormError] = useState<string | null>(null);

  const describe = useDescribeError();

  const submit = async (values: TechnicianInput) => {
    setFormError(null);
    const outcome = await onSave(values);
    if (outcome.ok) {
      if (resetOnSuccess) reset(initial);
      return;
    }
    if (!placeServerErrors(outcome.fields, FIELDS, setError)) setFormError(outcome.message ?? t('saveFailed'));
  };

  const field = (name: (typeof FIELDS)[number]) => {
    const message = describe(errors[name]);
    return {
      id: `${id}-${name}`,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': [
        message ? `${id}-${name}-error` : null,
        name.startsWith('shift') ? `${id}-hours` : null,
        name === 'licenceNumber' ? `${id}-licence-hint` : null,
      ].filter(Boolean).join(' ') || undefined,
    };
  };
  const errorText = (name: (typeof FIELDS)[number]) => {
    const message = describe(errors[name]);
    return message ? <p id={`${id}-${name}-error`} className="text-sm text-red-700">{message}</p> : null;
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4" aria-labelledby={labelledBy}>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-name`}>{t('name')}</Label>
        <Input autoComplete="off" {...field('name')} {...register('name')} />
        {errorText('name')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-color`}>{t('color')}</Label>
        <div className="flex items-center gap-3">
          <Input type="color" className="h-10 w-16 cursor-pointer p-1" {...field('color')} {...register('color')} />
          <span className="font-mono text-sm text-gray-700">{color}</span>
        </div>
        {errorText('color')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-shiftStart`}>{t('shiftStart')}</Label>
          <Input type="time" {...field('shiftStart')} {...register('shiftStart')} />
          {errorText('shiftStart')}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-shiftEnd`}>{t('shiftEnd')}</Label>
          <Input type="time" {...field('shiftEnd')} {...register('shiftEnd')} />
          {errorText('shiftEnd')}
        </div>
      </div>
      <p id={`${id}-hours`} className="text-sm text-gray-600">
        {t('workingHours', { start: formatClock(workingHours.start, locale) ?? workingHours.start, end: formatClock(workingHours.end, locale) ?? workingHours.end })}
      </p>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-licenceNumber`}>{t('licence')}</Label>
        <Input autoComplete="off" {...field('licenceNumber')} {...register('licenceNumber')} />
        <p id={`${id}-licence-hint`} className="text-sm text-gray-600">{t('licenceHint')}</p>
        {errorText('licenceNumber')}
      </div>
      {formError ? <p role="alert" className="text-sm text-red-700">{formError}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? <Button type="button" variant="outline" onClick={onCancel}>{t('cancel')}</Button> : null}
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? t('saving') : submitLabel}</Button>
      </div>
    </form>
  );
}
