'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { FormDialog } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import { isMessageKey } from '@/lib/field-limits';
import { useHydrated } from '@/lib/use-hydrated';
import type { RetreatmentReason } from '../retreatment-eligibility';
import { RETREATMENT_NOTE_MAX, type RequestRetreatmentInput, RequestRetreatmentSchema, type RequestRetreatmentValues } from '../retreatment.schema';

type Answer = { ok: boolean; status: number; body: { message?: string; fields?: Record<string, string> } | null };

/**
 * "Request a free re-treatment" on the customer's page (docs/decisions/0047): what is happening
 * (the reasons the plan has), an optional note for the technician, then the request. The form and
 * the server share one schema; the server's field errors land on their fields and nothing typed is
 * lost. Once sent, the page is read again and says the request is with the office.
 */
export function RetreatmentRequestAction({ token, reasons }: { token: string; reasons: RetreatmentReason[] }) {
  const t = useTranslations('retreatments');
  const tAll = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const hydrated = useHydrated();
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  // A plan with one reason has it chosen already; with two, the customer picks.
  const defaults = { reason: reasons.length === 1 ? reasons[0] : undefined, note: '' };
  const { register, handleSubmit, reset, setError, control, formState } = useForm<RequestRetreatmentInput, unknown, RequestRetreatmentValues>({
    resolver: zodResolver(RequestRetreatmentSchema),
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = formState;
  const noteLength = (useWatch({ control, name: 'note' }) ?? '').length;
  const say = (message: string | undefined) => (message ? (isMessageKey(message) ? tAll(message) : message) : null);

  const onSubmit = async (values: RequestRetreatmentValues) => {
    const answer: Answer = await fetch(`/api/manage-booking/${encodeURIComponent(token)}/retreatment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-locale': locale },
      body: JSON.stringify({ reason: values.reason, note: values.note, locale }),
      cache: 'no-store',
    }).then(async (res) => ({ ok: res.ok, status: res.status, body: (await res.json().catch(() => null)) as Answer['body'] }))
      .catch(() => ({ ok: false, status: 0, body: null }));
    if (answer.ok) {
      setSent(t('manage.sent'));
      // The toast's title already says "Request sent"; its text goes on from there.
      toast({ title: t('manage.sentTitle'), description: t('manage.sentToastBody') });
      setOpen(false);
      reset(defaults);
      router.refresh();
      return;
    }
    const fields = answer.body?.fields ?? {};
    if (answer.status === 400 && (fields.reason || fields.note)) {
      if (fields.reason) setError('reason', { type: 'server', message: fields.reason });
      if (fields.note) setError('note', { type: 'server', message: fields.note });
      return;
    }
    toast({ variant: 'destructive', title: t('manage.failedTitle'), description: answer.body?.message || tAll('errors.generic') });
    // Refused for the booking's state (already asked, window over): the page says why once read again.
    if (answer.status === 409) {
      setOpen(false);
      router.refresh();
    }
  };

  const reasonError = say(errors.reason?.message);
  const noteError = say(errors.note?.message);
  return (
    <>
      <Button type="button" disabled={!hydrated} onClick={() => setOpen(true)}>{t('manage.button')}</Button>
      <p role="status" className="font-medium text-leaf-700">{sent}</p>
      <FormDialog open={open} onClose={() => setOpen(false)} title={t('manage.dialogTitle')} description={t('manage.dialogDescription')} closeLabel={t('manage.close')}>
        <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium">{t('manage.reasonLegend')}</legend>
            {reasons.map((reason) => (
              <label key={reason} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  value={reason}
                  className="mt-1 h-4 w-4"
                  aria-describedby={[reason === 'heavy-rain' ? `${uid}-rain-hint` : null, reasonError ? `${uid}-reason-error` : null].filter(Boolean).join(' ') || undefined}
                  {...register('reason')}
                />
                <span>
                  {t(`reasons.${reason}`)}
                  {reason === 'heavy-rain' ? <span id={`${uid}-rain-hint`} className="block text-gray-600">{t('manage.rainHint')}</span> : null}
                </span>
              </label>
            ))}
            {reasonError ? <p id={`${uid}-reason-error`} className="text-sm text-red-700">{reasonError}</p> : null}
          </fieldset>
          <div className="space-y-1.5">
            <Label htmlFor={`${uid}-note`}>{t('manage.noteLabel')}</Label>
            <textarea
              id={`${uid}-note`}
              rows={4}
              maxLength={RETREATMENT_NOTE_MAX}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={[`${uid}-note-count`, noteError ? `${uid}-note-error` : null].filter(Boolean).join(' ')}
              className="w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
              {...register('note')}
            />
            <p id={`${uid}-note-count`} className="text-sm text-gray-600">{t('manage.noteCount', { count: noteLength, max: RETREATMENT_NOTE_MAX })}</p>
            {noteError ? <p id={`${uid}-note-error`} className="text-sm text-red-700">{noteError}</p> : null}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>{t('manage.keep')}</Button>
            <Button type="submit" disabled={!hydrated || isSubmitting}>{isSubmitting ? t('manage.sending') : t('manage.submit')}</Button>
          </div>
        </form>
      </FormDialog>
    </>
  );
}
