'use client';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { FormDialog } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import { createLine, type LineDraft } from '@/features/application-records/application-form';
import type { OfficeCompletionForm } from '@/features/application-records/application-record.service';
import { type DoneMark, type DoneOutcome, type NoteDialogVisit, VisitNoteDialog } from '@/features/routing/components/visit-note-dialog';
import { pickOfficeDefaultProduct, planOfficeCompletion } from '../office-completion';
import { callStaffApi, readRefusal } from './staff-api';

/** A row of the Appointments tab, as "Mark completed" needs it. */
export type CompletableVisit = {
  id: number;
  date: string;
  serviceType: string;
  /** The technician of the route the visit is on; null: on no route. */
  technicianId: number | null;
  visitNote: string | null;
  /** The booking's language, the visit report's: the dialog names it when it is not the screen's (0110). */
  locale?: string | null;
  /** The customer's name, as the row shows it. */
  name: string;
  /** The service and its add-ons, as the row names them (0064): the dialog names them too (0077). */
  described: NoteDialogVisit;
};

/** The lines sent last for a visit, and the note when that mark did not go through (the row was out of date). */
type Draft = { lines: LineDraft[] | null; note?: string };

const SELECT_CLASS = 'flex h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-base text-ink aria-invalid:border-red-600';

/**
 * The office's "Mark completed" (docs/decisions/0046): the day sheet's own dialog
 * (`VisitNoteDialog`), with the products applied for a treatment while the branch has products
 * and the note to the customer, sent to PATCH /api/admin/appointments/{id}, where the record and
 * the status change are written in one transaction. The first line starts with the visit's route
 * technician's last product; a visit on no route first asks who applied the products (a dialog of
 * its own under the day sheet's, which Cancel goes back to). What was sent last for a visit is
 * offered again at its next mark (after an Undo), as the day sheet does. A refusal keeps the
 * dialog and marks the fields; a visit changed meanwhile (another admin, a phone, a new route)
 * closes it and `onOutdated` reads the list again.
 */
export function CompleteVisitDialog({ visit, form, onClose, onCompleted, onOutdated }: {
  /** The visit being marked; null: closed. */
  visit: CompletableVisit | null;
  form: OfficeCompletionForm;
  onClose: () => void;
  onCompleted: (visit: CompletableVisit, result: { status: string; visitNote: string | null }) => void;
  onOutdated: () => void;
}) {
  const t = useTranslations('adminDashboard');
  const [lastProducts, setLastProducts] = useState<Record<number, number>>(form.lastProductByTechnician);
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [noteOpenFor, setNoteOpenFor] = useState<number | null>(null);
  const [lastSent, setLastSent] = useState<Record<number, Draft>>({});

  const plan = visit ? planOfficeCompletion(visit, form.products.length) : null;
  const pickerOpen = plan?.asksTechnician ?? false;
  const noteOpen = visit !== null && (!pickerOpen || noteOpenFor === visit.id);
  const technicianId = visit ? visit.technicianId ?? chosen[visit.id] ?? null : null;

  const close = () => {
    setNoteOpenFor(null);
    onClose();
  };

  const confirm = async (mark: DoneMark): Promise<DoneOutcome> => {
    if (!visit) return { ok: false };
    const request = { status: 'completed', ...mark, ...(pickerOpen ? { technicianId } : {}) };
    const answer = await callStaffApi<{ status?: string }>(`/api/admin/appointments/${visit.id}`, { method: 'PATCH', body: request });
    const lines = mark.applications?.map((line) => ({ ...createLine(line.productId), amount: line.amount })) ?? null;
    if (answer.ok && answer.body?.status) {
      // The note is the visit's own from now on (the row's, which the office may still edit).
      setLastSent((last) => ({ ...last, [visit.id]: { lines } }));
      const first = mark.applications?.[0];
      if (first && technicianId !== null) setLastProducts((last) => ({ ...last, [technicianId]: first.productId }));
      setNoteOpenFor(null);
      onCompleted(visit, { status: answer.body.status, visitNote: mark.note || null });
      return { ok: true };
    }
    const body = answer.body;
    toast({ variant: 'destructive', title: t('updateFailedTitle'), description: readRefusal(body) ?? t('updateFailed') });
    // The visit is not as the row shows it (done or taken back elsewhere, moved to or off a route):
    // shown as it now is, and what was typed waits for the next try.
    if (typeof (body as { status?: unknown } | null)?.status === 'string' || body?.fields?.technicianId) {
      setLastSent((last) => ({ ...last, [visit.id]: { lines, note: mark.note } }));
      setNoteOpenFor(null);
      onOutdated();
    }
    return { ok: false, fields: body?.fields };
  };

  const stored = visit ? lastSent[visit.id] : undefined;
  const recording = visit && plan?.recordsProducts ? {
    products: form.products,
    initialLines: () => stored?.lines?.map((line) => ({ ...line }))
      ?? [createLine(pickOfficeDefaultProduct(form.products.map((p) => p.id), lastProducts, technicianId))],
  } : undefined;

  return (
    <>
      <FormDialog
        open={pickerOpen}
        onClose={close}
        title={t('complete.technicianTitle', { name: visit?.name ?? '' })}
        description={t('complete.technicianDescription')}
        closeLabel={t('complete.cancel')}
      >
        {visit && pickerOpen ? (
          <TechnicianForm
            technicians={form.technicians}
            initial={chosen[visit.id] ?? null}
            onCancel={close}
            onChosen={(id) => {
              setChosen((c) => ({ ...c, [visit.id]: id }));
              setNoteOpenFor(visit.id);
            }}
          />
        ) : null}
      </FormDialog>
      {/* Above the technician's dialog when there is one: its Cancel goes back to that choice. */}
      <VisitNoteDialog
        open={noteOpen}
        name={visit?.name ?? ''}
        visit={visit?.described ?? null}
        initialNote={stored?.note ?? visit?.visitNote ?? ''}
        recording={recording}
        onClose={() => (pickerOpen ? setNoteOpenFor(null) : close())}
        onConfirm={confirm}
        reportLocale={visit?.locale}
      />
    </>
  );
}

/** Who applied the products at a visit on no route: the record names them with their licence. */
function TechnicianForm({ technicians, initial, onCancel, onChosen }: {
  technicians: OfficeCompletionForm['technicians'];
  initial: number | null;
  onCancel: () => void;
  onChosen: (technicianId: number) => void;
}) {
  const t = useTranslations('adminDashboard.complete');
  const tRecord = useTranslations('applicationRecords');
  const id = useId();
  const [value, setValue] = useState(initial === null ? '' : String(initial));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value === '') {
      setError(tRecord('technicianRequired'));
      document.getElementById(`${id}-technician`)?.focus();
      return;
    }
    onChosen(Number(value));
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-technician`}>{tRecord('visitRecord.technician')}</Label>
        <select
          id={`${id}-technician`}
          className={SELECT_CLASS}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-technician-error` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        >
          <option value="">{tRecord('visitRecord.chooseTechnician')}</option>
          {technicians.map((tech) => (
            <option key={tech.id} value={tech.id}>{tech.isActive ? tech.name : tRecord('visitRecord.inactiveTechnician', { name: tech.name })}</option>
          ))}
        </select>
        {error ? <p id={`${id}-technician-error`} className="text-sm text-red-700">{error}</p> : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} className="h-11 w-full sm:w-auto">{t('cancel')}</Button>
        <Button type="submit" className="h-11 w-full sm:w-auto">{t('continue')}</Button>
      </div>
    </form>
  );
}
