'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { closeOnSuccess, type SaveOutcome, toRefusal, useDescribeError, useSaveOutcome } from '@/components/ui/form-outcome';
import { FormDialog } from '@/components/ui/record-dialogs';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { NOT_TREATED_REASONS } from '@/lib/not-treated-reasons';
import type { RouteStop } from '../route.service';
import { type NotTreated, NotTreatedSchema, VISIT_NOTE_MAX_LENGTH } from '../route.schema';
import { isVisitDayReached } from '../stop-completion';
import { findNotTreatedReasonKey } from './route-format';
import { sendStopChange } from './send-stop-change';
import { isBrowserOffline, type StopOutbox } from './stop-done-button';
import { createChangeId, type QueuedStopChange } from './stop-outbox';

/** The stop's "could not treat" mark as the server answered it (0085); all null once taken back. */
export type NotTreatedMark = Pick<RouteStop['appointment'], 'notTreatedReason' | 'notTreatedNote' | 'notTreatedAt' | 'notTreatedBy'>;

// The reason starts unchosen (the select's empty first option): the schema asks for one.
type FormValues = z.input<typeof NotTreatedSchema>;
const FIELDS = ['reason', 'note'] as const;

/** The mark as a 2xx answer carries it, or null when the answer is not the server's (a Wi-Fi sign-in page). */
export function readNotTreatedMark(body: unknown): NotTreatedMark | null {
  if (typeof body !== 'object' || body === null || !('notTreatedReason' in body)) return null;
  const { notTreatedReason, notTreatedNote, notTreatedAt, notTreatedBy } = body as NotTreatedMark;
  return { notTreatedReason, notTreatedNote, notTreatedAt, notTreatedBy };
}

/**
 * The day sheet's "Couldn't treat" on an open stop from its day on, and its "Undo" (docs/decisions/0085).
 * It asks why (the short list; a note, required for Other) and says the customer gets no report.
 * The server decides who may (own route, the day). With an `outbox` it works without signal as
 * "Mark done" does (0086): a change that cannot reach the server, any change while the browser is
 * offline or while this stop has changes waiting, is kept on the phone with its id and the time it
 * was pressed, and the sheet shows the stop as the technician left it, marked as waiting. Without
 * one (nothing is kept on this phone), no connection means nothing changes, and the sheet says so.
 */
export function StopNotTreatedButton({ stop, today, onMark, outbox }: {
  stop: RouteStop; today: string; onMark: (appointmentId: number, mark: NotTreatedMark) => void; outbox?: StopOutbox;
}) {
  const t = useTranslations('routing');
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const { appointment } = stop;
  if (appointment.status !== 'confirmed' || !isVisitDayReached(appointment.date, today)) return null;
  const name = `${stop.customer.firstName} ${stop.customer.lastName}`;

  const send = async (body: NotTreated | null): Promise<SaveOutcome> => {
    const pressed: QueuedStopChange = {
      id: createChangeId(), appointmentId: appointment.id, status: 'confirmed', takenAt: new Date().toISOString(), name, tried: false,
      notTreated: body ? { reason: body.reason, note: body.note ?? '' } : null,
    };
    const keep = (tried: boolean): SaveOutcome => {
      if (!outbox?.keep({ ...pressed, tried })) return { ok: false, message: t('stopChangeFailed') };
      toast({ title: t('offline.keptTitle'), description: t(body ? 'offline.keptNotTreatedBody' : 'offline.keptNotTreatedUndoBody', { name }) });
      return { ok: true };
    };
    // Behind changes still waiting (their order matters), or with no network at all: kept as is.
    if (outbox && (outbox.pending || isBrowserOffline())) return keep(false);
    let answer: Awaited<ReturnType<typeof sendStopChange>>;
    try {
      answer = await sendStopChange(pressed);
    } catch {
      return outbox ? keep(true) : { ok: false, message: t('notTreated.needsConnection') };
    }
    const mark = answer.status >= 200 && answer.status < 300 ? readNotTreatedMark(answer.body) : null;
    if (!mark) {
      // A 2xx that is not the server's answer (a Wi-Fi sign-in page): the change did not arrive.
      if (outbox && answer.status >= 200 && answer.status < 300) return keep(true);
      return toRefusal((answer.body as { message?: string; fields?: Record<string, string> } | null) ?? { message: t('stopChangeFailed') });
    }
    onMark(appointment.id, mark);
    toast(body ? { title: t('notTreated.savedTitle'), description: t('notTreated.savedBody', { name }) } : { title: t('notTreated.undoneTitle'), description: t('notTreated.undoneBody', { name }) });
    return { ok: true };
  };

  const undo = async () => {
    setSaving(true);
    const outcome = await send(null);
    setSaving(false);
    if (!outcome.ok) toast({ variant: 'destructive', title: t('stopNotChangedTitle'), description: outcome.message ?? t('stopChangeFailed') });
  };

  if (appointment.notTreatedReason) {
    return (
      <Button type="button" variant="outline" onClick={() => void undo()} disabled={saving} aria-label={t('notTreated.undoFor', { name })} className="mt-2 h-11 w-full sm:w-auto print:hidden">
        {t('notTreated.undo')}
      </Button>
    );
  }
  return (
    <>
      <Button
        type="button"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={t('notTreated.buttonFor', { name })}
        className="mt-2 h-11 w-full sm:ml-2 sm:w-auto print:hidden"
      >
        {t('notTreated.button')}
      </Button>
      <FormDialog open={open} onClose={() => setOpen(false)} title={t('notTreated.title', { name })} description={t('notTreated.description')} closeLabel={t('notTreated.cancel')}>
        {open ? <NotTreatedForm onCancel={() => setOpen(false)} onSave={(values) => closeOnSuccess(send(values), () => setOpen(false))} /> : null}
      </FormDialog>
    </>
  );
}

function NotTreatedForm({ onSave, onCancel }: { onSave: (values: NotTreated) => Promise<SaveOutcome>; onCancel: () => void }) {
  const t = useTranslations('routing');
  const id = useId();
  const { register, handleSubmit, formState, setError } = useForm<FormValues, unknown, NotTreated>({
    resolver: zodResolver(NotTreatedSchema),
    defaultValues: { note: '' },
  });
  const describe = useDescribeError();
  const { formError, runSave } = useSaveOutcome(FIELDS, setError, t('stopChangeFailed'));
  return (
    <form noValidate onSubmit={handleSubmit((values) => runSave(() => onSave(values)))} className="space-y-4">
      <FormField id={`${id}-reason`} label={t('notTreated.reasonLabel')} error={describe(formState.errors.reason)}>
        {(props) => (
          <Select {...props} {...register('reason')}>
            <option value="">{t('notTreated.reasonPlaceholder')}</option>
            {NOT_TREATED_REASONS.map((reason) => <option key={reason} value={reason}>{t(findNotTreatedReasonKey(reason))}</option>)}
          </Select>
        )}
      </FormField>
      <FormField id={`${id}-note`} label={t('notTreated.noteLabel')} hint={t('notTreated.noteHint')} error={describe(formState.errors.note)}>
        {(props) => <textarea rows={3} maxLength={VISIT_NOTE_MAX_LENGTH} className="w-full rounded-md border border-gray-300 px-3 py-2 text-base" {...props} {...register('note')} />}
      </FormField>
      <FormFooter
        formError={formError}
        busy={formState.isSubmitting}
        submitLabel={t('notTreated.confirm')}
        savingLabel={t('notTreated.saving')}
        cancelLabel={t('notTreated.cancel')}
        onCancel={onCancel}
      />
    </form>
  );
}
