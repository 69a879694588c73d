'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { type SaveOutcome, useDescribeError, useSaveOutcome } from '@/components/ui/form-outcome';
import { Input } from '@/components/ui/input';
import { usePrefilledFields } from '@/components/ui/prefilled-fields';
import { formatClock } from '@/features/routing/components/route-format';
import { buildTechnicianSchema, parseClockMinutes, type TechnicianFormValues, type TechnicianInput } from '../technician.schema';
import type { TechniciansOverview } from '../technician.service';

const FIELDS = ['name', 'color', 'shiftStart', 'shiftEnd', 'licenceNumber', 'licenceExpiresOn'] as const;

/**
 * Name, colour, shift, licence number and its expiry date of one technician: the add form and the edit dialog. Checked in the
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
  const prefilled = usePrefilledFields({ register, formState });
  const color = useWatch({ control, name: 'color' });
  const describe = useDescribeError();
  const { formError, runSave } = useSaveOutcome(FIELDS, setError, t('saveFailed'));

  const submit = async (values: TechnicianInput) => {
    if ((await runSave(() => onSave(values))) && resetOnSuccess) reset(initial);
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4" aria-labelledby={labelledBy}>
      <FormField id={`${id}-name`} label={t('name')} error={describe(errors.name)}>
        {(props) => <Input autoComplete="off" {...props} {...prefilled.field('name')} />}
      </FormField>
      <FormField id={`${id}-color`} label={t('color')} error={describe(errors.color)}>
        {(props) => (
          <div className="flex items-center gap-3">
            <Input type="color" className="h-10 w-16 cursor-pointer p-1" {...props} {...prefilled.heldField('color')} />
            <span className="font-mono text-sm text-gray-700">{color}</span>
          </div>
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-shiftStart`} label={t('shiftStart')} describedBy={`${id}-hours`} error={describe(errors.shiftStart)}>
          {(props) => <Input type="time" {...props} {...prefilled.field('shiftStart')} />}
        </FormField>
        <FormField id={`${id}-shiftEnd`} label={t('shiftEnd')} describedBy={`${id}-hours`} error={describe(errors.shiftEnd)}>
          {(props) => <Input type="time" {...props} {...prefilled.field('shiftEnd')} />}
        </FormField>
      </div>
      <p id={`${id}-hours`} className="text-sm text-gray-600">
        {t('workingHours', { start: formatClock(workingHours.start, locale) ?? workingHours.start, end: formatClock(workingHours.end, locale) ?? workingHours.end })}
      </p>
      <FormField id={`${id}-licenceNumber`} label={t('licence')} hint={t('licenceHint')} error={describe(errors.licenceNumber)}>
        {(props) => <Input autoComplete="off" {...props} {...prefilled.field('licenceNumber')} />}
      </FormField>
      <FormField id={`${id}-licenceExpiresOn`} label={t('licenceExpiry')} hint={t('licenceExpiryHint')} error={describe(errors.licenceExpiresOn)}>
        {(props) => <Input type="date" className="sm:max-w-xs" {...props} {...prefilled.field('licenceExpiresOn')} />}
      </FormField>
      <FormFooter
        formError={formError}
        busy={isSubmitting}
        submitLabel={submitLabel}
        savingLabel={t('saving')}
        cancelLabel={t('cancel')}
        onCancel={onCancel}
      />
    </form>
  );
}
