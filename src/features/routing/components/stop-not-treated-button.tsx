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

/** The stop's "could not treat" mark as the server answered it (0085); all null once taken back. */
export type NotTreatedMark = Pick<RouteStop['appointment'], 'notTreatedReason' | 'notTreatedNote' | 'notTreatedAt' | 'notTreatedBy'>;

// The reason starts unchosen (the select's empty first option): the schema asks for one.
type FormValues = z.input<typeof NotTreatedSchema>;
const FIELDS = ['reason', 'note'] as const;

/**
 * The day sheet's "Couldn't treat" on an open stop from its day on, and its "Undo" (docs/decisions/0085).
 * It asks why (the short list; a note, required for Other) and says the customer gets no report. It
 * needs a connection: unlike "Mark done", it is not kept on the phone (0085 says why); without one
 * the technician is told so and nothing changes. The server decides who may (own route, the day).
 */
export function StopNotTreatedButton({ stop, today, onMark }: {
  stop: RouteStop; today: string; onMark: (appointmentId: number, mark: NotTreatedMark) => void;
}) {
  const t = useTranslations('routing');
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const { appointment } = stop;
  if (appointment.status !== 'confirmed' || !isVisitDayReached(appointment.date, today)) return null;
  const name = `${stop.customer.firstName} ${stop.customer.lastName}`;

  const send = async (body: NotTreated | null): Promise<SaveOutcome> => {
    let res: Response;
    try {
      res = await fetch(`/api/routes/technician/stops/${appointment.id}/not-treated`, body
        ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
        : { method: 'DELETE' });
    } catch {
      return { ok: false, message: t('notTreated.needsConnection') };
    }
    const json = (await res.json().catch(() => null)) as (NotTreatedMark & { message?: string; fields?: Record<string, string> }) | null;
    if (!res.ok || !json || !('notTreatedReason' in json)) return toRefusal(json ?? { message: t('stopChangeFailed') });
    onMark(appointment.id, { notTreatedReason: json.notTreatedReason, notTreatedNote: json.notTreatedNote, notTreatedAt: json.notTreatedAt, notTreatedBy: json.notTreatedBy });
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
