'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { FormDialog, RecordActionButton } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import { serviceLabelKey } from '@/features/scheduling/visit-kinds';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { formatCad, formatLongDate } from '@/lib/format';
import { useHydrated } from '@/lib/use-hydrated';
import { buildCancelFormSchema, CUSTOMER_REASONS, type CancelFormOutput, type CancelFormValues } from '../cancellation.schema';
import type { CancellationPreview, CancellationResult, RefundView } from '../cancellation.service';

type Preview = { state: 'loading' } | { state: 'failed'; message: string | null } | { state: 'ready'; preview: CancellationPreview };

/** Cents → the dollars a person types back ("233.91"); the form accepts "233,91" too. */
const toDollarsInput = (cents: number) => (cents / 100).toFixed(2);

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-gray-700">{label}</dt>
      <dd className={strong ? 'font-semibold' : undefined}>{value}</dd>
    </div>
  );
}

/** The dialog's form: the refund (from 0 to what is refundable) and the reason, checked with the schema the server applies. */
function CancelForm({ preview, onDone, onCancel }: { preview: CancellationPreview; onDone: (result: CancellationResult) => void; onCancel: () => void }) {
  const t = useTranslations('cancellations');
  const tAll = useTranslations();
  const locale = useLocale();
  const id = useId();
  const hydrated = useHydrated();
  const { breakdown } = preview;
  const schema = useMemo(() => buildCancelFormSchema(breakdown.refundableCents), [breakdown.refundableCents]);
  const { register, handleSubmit, formState, setError } = useForm<CancelFormValues, unknown, CancelFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { refund: toDollarsInput(breakdown.policyRefundCents), reason: '', customerReason: '' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const describe = (error: FieldError | undefined) => (error?.message ? (error.type === 'server' ? error.message : tAll(error.message)) : null);
  const refundError = describe(formState.errors.refund);
  const reasonError = describe(formState.errors.reason);

  const submit = async (values: CancelFormOutput) => {
    setFormError(null);
    const { ok, body } = await callStaffApi<CancellationResult>(`/api/admin/bookings/${encodeURIComponent(preview.bookingRef)}/cancel`, {
      method: 'POST',
      body: { refundCents: values.refund, reason: values.reason, ...(values.customerReason ? { customerReason: values.customerReason } : {}) },
    });
    if (ok && body?.cancelledIds) {
      onDone(body);
      return;
    }
    const refundMessage = body?.fields?.refundCents;
    const reasonMessage = body?.fields?.reason;
    if (refundMessage) setError('refund', { type: 'server', message: refundMessage }, { shouldFocus: true });
    if (reasonMessage) setError('reason', { type: 'server', message: reasonMessage }, { shouldFocus: !refundMessage });
    if (!refundMessage && !reasonMessage) setFormError(body?.message ?? t('loadFailed'));
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      {breakdown.refundableCents > 0 ? (
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-refund`}>{preview.refundByHand ? t('refundLabelByHand') : t('refundLabel')}</Label>
          <Input
            id={`${id}-refund`}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={refundError ? true : undefined}
            aria-describedby={[`${id}-refund-hint`, refundError ? `${id}-refund-error` : null].filter(Boolean).join(' ')}
            {...register('refund')}
          />
          <p id={`${id}-refund-hint`} className="text-sm text-gray-600">
            {t('refundHint', { max: formatCad(breakdown.refundableCents, locale), policy: formatCad(breakdown.policyRefundCents, locale) })}
          </p>
          {refundError ? <p id={`${id}-refund-error`} className="text-sm text-red-700">{refundError}</p> : null}
        </div>
      ) : <input type="hidden" {...register('refund')} />}
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-reason`}>{t('reasonLabel')}</Label>
        <Input
          id={`${id}-reason`}
          autoComplete="off"
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={[`${id}-reason-hint`, reasonError ? `${id}-reason-error` : null].filter(Boolean).join(' ')}
          {...register('reason')}
        />
        <p id={`${id}-reason-hint`} className="text-sm text-gray-600">{t('reasonHint')}</p>
        {reasonError ? <p id={`${id}-reason-error`} className="text-sm text-red-700">{reasonError}</p> : null}
      </div>
      {/* What the customer's email says (0060): a reason from a list, written in the booking's language. */}
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-customer-reason`}>{t('customerReasonLabel')}</Label>
        <Select id={`${id}-customer-reason`} aria-describedby={`${id}-customer-reason-hint`} {...register('customerReason')}>
          <option value="">{t('customerReasons.none')}</option>
          {CUSTOMER_REASONS.map((code) => <option key={code} value={code}>{t(`customerReasons.${code}`)}</option>)}
        </Select>
        <p id={`${id}-customer-reason-hint`} className="text-sm text-gray-600">{t('customerReasonHint')}</p>
      </div>
      {formError ? <p role="alert" className="text-sm text-red-700">{formError}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>{t('keep')}</Button>
        <Button type="submit" variant="destructive" disabled={!hydrated || formState.isSubmitting}>
          {formState.isSubmitting ? t('saving') : t('submit')}
        </Button>
      </div>
    </form>
  );
}

/** "Cancel booking" on the customer details page: the visits called off, the terms' refund and its figures, then the cancellation. */
export function CancelBookingAction({ bookingRef, serviceLabels }: { bookingRef: string; serviceLabels: Record<string, string> }) {
  const t = useTranslations('cancellations');
  const locale = useLocale();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    void (async () => {
      const { ok, body } = await callStaffApi<CancellationPreview>(`/api/admin/bookings/${encodeURIComponent(bookingRef)}/cancel`, { signal: controller.signal });
      if (controller.signal.aborted) return;
      setPreview(ok && body?.breakdown ? { state: 'ready', preview: body } : { state: 'failed', message: body?.message ?? null });
    })();
    return () => controller.abort();
  }, [open, bookingRef]);

  const close = () => {
    setOpen(false);
    setPreview({ state: 'loading' });
  };

  const done = (result: CancellationResult) => {
    const amount = formatCad(result.refundCents, locale);
    // Paid to the office by hand (0103): the money is the office's to give back, then to record on the payment.
    const description = result.refundByHand && result.refundCents > 0 ? t('toasts.refundByHand', { amount })
      : result.refundStatus === 'succeeded' ? t('toasts.refunded', { amount })
      : result.refundStatus === 'pending' ? t('toasts.refundPending', { amount })
        : result.refundStatus === 'failed' ? t('toasts.refundFailed', { amount })
          : t('toasts.noRefund');
    toast({ title: t('toasts.cancelledTitle'), description, variant: result.refundStatus === 'failed' ? 'destructive' : 'default' });
    close();
    router.refresh();
  };

  const visitLine = (v: CancellationPreview['toCancel'][number]) => `${formatLongDate(v.date, locale)} · ${serviceLabels[serviceLabelKey(v)] ?? v.serviceType}`;

  return (
    <>
      <RecordActionButton label={t('cancelBooking')} recordName={bookingRef} onClick={() => setOpen(true)} />
      <FormDialog open={open} onClose={close} title={t('dialogTitle', { reference: bookingRef })} description={t('dialogDescription')} closeLabel={t('close')}>
        {preview.state === 'loading' ? <p role="status" className="text-sm text-gray-700">{t('loading')}</p> : null}
        {preview.state === 'failed' ? <p role="alert" className="text-sm text-red-700">{preview.message ?? t('loadFailed')}</p> : null}
        {preview.state === 'ready' ? (() => {
          const { breakdown } = preview.preview;
          return (
            <div className="space-y-4 text-sm">
              <section>
                <h3 className="font-semibold">{t('toCancelHeading')}</h3>
                <ul className="mt-1 list-disc pl-5">{preview.preview.toCancel.map((v) => <li key={v.id}>{visitLine(v)}</li>)}</ul>
              </section>
              {preview.preview.completed.length > 0 ? (
                <section>
                  <h3 className="font-semibold">{t('completedHeading')}</h3>
                  <ul className="mt-1 list-disc pl-5">{preview.preview.completed.map((v) => <li key={v.id}>{visitLine(v)}</li>)}</ul>
                </section>
              ) : null}
              <section>
                <h3 className="font-semibold">{t('figuresHeading')}</h3>
                <p className="mt-1 text-gray-700">{t(`rule.${breakdown.rule}`)}</p>
                {breakdown.valuation ? <p className="mt-1 text-gray-700">{t(`valuation.${breakdown.valuation}`, { total: breakdown.visitCount })}</p> : null}
                <dl className="mt-2 space-y-1">
                  <Figure label={t('amountPaid')} value={formatCad(breakdown.paidCents, locale)} />
                  {breakdown.alreadyRefundedCents > 0 ? <Figure label={t('alreadyRefunded')} value={formatCad(breakdown.alreadyRefundedCents, locale)} /> : null}
                  {breakdown.rule === 'visits-carried-out' ? (
                    <Figure
                      label={t('carriedOut', { completed: breakdown.completedCount, total: breakdown.visitCount })}
                      value={`${formatCad(breakdown.carriedOutCents, locale)} (${t('carriedOutDetail', { preTax: formatCad(breakdown.carriedOutPreTaxCents, locale), tax: formatCad(breakdown.carriedOutTaxCents, locale) })})`}
                    />
                  ) : null}
                  <Figure label={t('refundable')} value={formatCad(breakdown.refundableCents, locale)} />
                  <Figure label={t('policyRefund')} value={formatCad(breakdown.policyRefundCents, locale)} strong />
                </dl>
              </section>
              <CancelForm preview={preview.preview} onDone={done} onCancel={close} />
            </div>
          );
        })() : null}
      </FormDialog>
    </>
  );
}

/** "Retry refund" next to a failed refund in the payments list. */
export function RetryRefundAction({ bookingRef, refundId, amountCents, attempts }: { bookingRef: string; refundId: number; amountCents: number; attempts: number }) {
  const t = useTranslations('cancellations');
  const locale = useLocale();
  const router = useRouter();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);

  const retry = async () => {
    setBusy(true);
    const { ok, body } = await callStaffApi<{ refund?: RefundView }>(`/api/admin/bookings/${encodeURIComponent(bookingRef)}/refunds/${refundId}/retry`, { method: 'POST', body: { attempts } });
    setBusy(false);
    const amount = formatCad(amountCents, locale);
    if (ok && body?.refund?.status === 'succeeded') toast({ title: t('toasts.retrySucceeded'), description: t('toasts.refunded', { amount }) });
    else if (ok && body?.refund?.status === 'pending') toast({ title: t('toasts.retrySucceeded'), description: t('toasts.refundPending', { amount }) });
    else toast({ variant: 'destructive', title: t('toasts.retryFailedTitle'), description: body?.message ?? (body?.refund?.failureReason ? t('refunds.failureReason', { reason: body.refund.failureReason }) : t('loadFailed')) });
    router.refresh();
  };

  return (
    <RecordActionButton label={busy ? t('refunds.retrying') : t('refunds.retry')} recordName={formatCad(amountCents, locale)} disabled={!hydrated || busy} onClick={() => void retry()} />
  );
}
