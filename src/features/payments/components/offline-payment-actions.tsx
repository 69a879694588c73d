'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { closeOnSuccess, type SaveOutcome, toRefusal, useDescribeError, useSaveOutcome } from '@/components/ui/form-outcome';
import { Input } from '@/components/ui/input';
import { FormDialog, RecordActionButton } from '@/components/ui/record-dialogs';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { formatCad } from '@/lib/format';
import {
  type HandBackFormValues, type HandBackInput, HandBackSchema, OFFLINE_METHODS,
  type OfflinePaymentFormValues, type OfflinePaymentInput, OfflinePaymentSchema,
} from '../offline-payment';

type MoneyByHandValues = FieldValues & { method: string; reference?: string };

/**
 * The form both actions share (docs/decisions/0103): how the money moved, on which day (today or
 * earlier, branch time), its cheque or e-transfer reference, and for a payment the amount typed
 * from the cheque, checked with the schema the server applies. One press sends one request: a
 * second click while it runs does nothing, and the server answers the same entry again as done.
 */
function MoneyByHandDialog<T extends MoneyByHandValues, O>({ title, description, today, dateField, dateLabel, amount, defaults, resolver, submitLabel, post, onSaved, onClose }: {
  title: string;
  description: string;
  today: string;
  dateField: Path<T>;
  dateLabel: string;
  amount: { hint: string } | null;
  defaults: T;
  resolver: Resolver<T, unknown, O>;
  submitLabel: string;
  post: (values: O) => Promise<SaveOutcome>;
  onSaved: () => void;
  onClose: () => void;
}) {
  const t = useTranslations('offlinePayments');
  const id = useId();
  const { register, handleSubmit, formState, setError } = useForm<T, unknown, O>({ resolver, defaultValues: defaults as never });
  const fields = ['method', dateField, 'reference', ...(amount ? ['amount'] : [])] as Path<T>[];
  const { formError, runSave } = useSaveOutcome<T>(fields, setError, t('failed'));
  const describe = useDescribeError();
  const sending = useRef(false);
  const errorOf = (field: string) => describe((formState.errors as Record<string, never>)[field]);
  const submit = async (values: O) => {
    if (sending.current) return;
    sending.current = true;
    try {
      if (await runSave(() => closeOnSuccess(post(values), onClose))) onSaved();
    } finally {
      sending.current = false;
    }
  };
  return (
    <FormDialog open onClose={onClose} title={title} description={description} closeLabel={t('close')}>
      <form method="post" noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-4">
        <FormField id={`${id}-method`} label={t('method')} error={errorOf('method')}>
          {(control) => (
            <Select {...control} {...register('method' as Path<T>)}>
              {OFFLINE_METHODS.map((method) => <option key={method} value={method}>{t(`methods.${method}`)}</option>)}
            </Select>
          )}
        </FormField>
        <FormField id={`${id}-date`} label={dateLabel} hint={t('dateHint')} error={errorOf(dateField)}>
          {(control) => <Input {...control} type="date" max={today} {...register(dateField)} />}
        </FormField>
        <FormField id={`${id}-reference`} label={t('reference')} hint={t('referenceHint')} error={errorOf('reference')}>
          {(control) => <Input {...control} autoComplete="off" maxLength={60} {...register('reference' as Path<T>)} />}
        </FormField>
        {amount ? (
          <FormField id={`${id}-amount`} label={t('amount')} hint={amount.hint} error={errorOf('amount')}>
            {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...register('amount' as Path<T>)} />}
          </FormField>
        ) : null}
        <FormFooter formError={formError} busy={formState.isSubmitting} submitLabel={submitLabel} savingLabel={t('saving')} cancelLabel={t('cancel')} onCancel={onClose} holdUntilHydrated />
      </form>
    </FormDialog>
  );
}

/** "Record a payment" on an unpaid booking of the customer page: cash, a cheque or an e-transfer for the amount due. */
export function RecordOfflinePaymentAction({ bookingRef, amountDueCents, today }: { bookingRef: string; amountDueCents: number; today: string }) {
  const t = useTranslations('offlinePayments');
  const locale = useLocale();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const post = async (values: OfflinePaymentInput): Promise<SaveOutcome> => {
    const { ok, body } = await callStaffApi<{ receiptNumber: string }>(`/api/admin/bookings/${encodeURIComponent(bookingRef)}/offline-payment`, { method: 'POST', body: values });
    if (!ok) return toRefusal(body);
    toast({ title: t('recordedTitle'), description: t('recorded', { receipt: body?.receiptNumber ?? '' }) });
    return { ok: true };
  };
  return (
    <>
      <RecordActionButton label={t('record')} recordName={bookingRef} onClick={() => setOpen(true)} />
      {open ? (
        <MoneyByHandDialog<OfflinePaymentFormValues, OfflinePaymentInput>
          title={t('recordTitle', { reference: bookingRef })}
          description={t('recordDescription')}
          today={today}
          dateField="receivedOn"
          dateLabel={t('receivedOn')}
          amount={{ hint: t('amountHint', { due: formatCad(amountDueCents, locale) }) }}
          defaults={{ method: 'cheque', receivedOn: today, reference: '', amount: '' }}
          resolver={zodResolver(OfflinePaymentSchema)}
          submitLabel={t('recordSubmit')}
          post={post}
          onSaved={() => router.refresh()}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

/** "Record the money handed back" on a refund of a payment taken by hand, still to give back. */
export function HandBackAction({ bookingRef, refundId, amountCents, today }: { bookingRef: string; refundId: number; amountCents: number; today: string }) {
  const t = useTranslations('offlinePayments');
  const locale = useLocale();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const amount = formatCad(amountCents, locale);
  const post = async (values: HandBackInput): Promise<SaveOutcome> => {
    const { ok, body } = await callStaffApi(`/api/admin/bookings/${encodeURIComponent(bookingRef)}/refunds/${refundId}/handed-back`, { method: 'POST', body: values });
    if (!ok) return toRefusal(body);
    toast({ title: t('handedBackTitle', { amount }) });
    return { ok: true };
  };
  return (
    <>
      <RecordActionButton label={t('handBack')} recordName={amount} onClick={() => setOpen(true)} />
      {open ? (
        <MoneyByHandDialog<HandBackFormValues, HandBackInput>
          title={t('handBackTitle', { amount })}
          description={t('handBackDescription')}
          today={today}
          dateField="handedBackOn"
          dateLabel={t('handedBackOn')}
          amount={null}
          defaults={{ method: 'cheque', handedBackOn: today, reference: '' }}
          resolver={zodResolver(HandBackSchema)}
          submitLabel={t('handBackSubmit')}
          post={post}
          onSaved={() => router.refresh()}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
