'use client';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { FormDialog } from '@/components/ui/record-dialogs';
import { checkLineDrafts, findFirstErrorId, type LineDraft, toLinePayload } from '@/features/application-records/application-form';
import { ApplicationLinesFields, type ProductChoice, useLineDrafts } from '@/features/application-records/components/application-lines-fields';
import { VISIT_NOTE_MAX_LENGTH } from '../route.schema';

/** What "Mark done" sends: the note, and the products applied when the visit records them. */
export type DoneMark = { note: string; applications?: { productId: number; amount: string }[] };

/** What the change answered: done, or refused with the server's translated messages by field. */
export type DoneOutcome = { ok: true } | { ok: false; fields?: Record<string, string> };

/**
 * The visit being marked, in the words of the screen that opens the dialog: its service, and the
 * add-ons sold with it (`describeVisitAddOns`, 0064), or null when none.
 */
export type NoteDialogVisit = { service: string; addOns: string | null };

/**
 * "Mark done" asks first (docs/decisions/0038, 0042): for a treatment, while the branch has
 * products, the products applied and their amounts (required: the application record), then an
 * optional note to the customer, which their visit report carries. The lines open with what this
 * stop sent last (a done mark taken back) or one line with the technician's usual product; the
 * note box with the stored note. `onConfirm` resolves ok when the stop changed, and the dialog
 * closes; a refusal keeps everything typed, marks the fields the server named, and a lost
 * connection loses nothing. The description names the visit's service and add-ons (0077): the
 * dialog covers the stop or the row that names them, and the products recorded are for all of it.
 */
/**
 * The dialog's sentence on the visit report: it names the report's language when it is not the
 * one the screen is in (0108), so a technician working in French writes an English customer's note
 * in English when they can. Null: the usual sentence.
 */
export function describeReportLanguage(screenLocale: string, reportLocale: string | null | undefined, t: (key: string, values: Record<string, string>) => string): string | null {
  if (!reportLocale || reportLocale === screenLocale) return null;
  const language = new Intl.DisplayNames([screenLocale], { type: 'language' }).of(reportLocale);
  return language ? t('noteDialog.descriptionIn', { language }) : null;
}

export function VisitNoteDialog({ open, name, visit, initialNote, recording, onClose, onConfirm, reportLocale }: {
  open: boolean;
  /** The customer's name, as the stop shows it. */
  name: string;
  /** What the visit is; null while the dialog is closed. */
  visit: NoteDialogVisit | null;
  initialNote: string;
  /** Present when this visit records products: the products offered and the lines to start with. */
  recording?: { products: ProductChoice[]; initialLines: () => LineDraft[] };
  onClose: () => void;
  onConfirm: (mark: DoneMark) => Promise<DoneOutcome>;
  /** The language the customer's visit report goes out in (the booking's), when the screen knows it. */
  reportLocale?: string | null;
}) {
  const t = useTranslations('routing');
  const screenLocale = useLocale();
  // One line each, read out as one text: the spaces between the lines keep their words apart.
  const description = (
    <>
      {visit ? <span className="block font-medium text-gray-800">{visit.service}</span> : null}
      {visit?.addOns ? <>{' '}<span className="block font-medium text-gray-800">{visit.addOns}</span></> : null}
      {visit ? ' ' : null}
      <span className="block">{describeReportLanguage(screenLocale, reportLocale, (key, values) => t(key, values)) ?? t('noteDialog.description')}</span>
    </>
  );
  return (
    <FormDialog open={open} onClose={onClose} title={t('noteDialog.title', { name })} description={description} closeLabel={t('noteDialog.cancel')}>
      {open ? <NoteForm initialNote={initialNote} recording={recording} onCancel={onClose} onConfirm={onConfirm} /> : null}
    </FormDialog>
  );
}

function NoteForm({ initialNote, recording, onCancel, onConfirm }: {
  initialNote: string;
  recording?: { products: ProductChoice[]; initialLines: () => LineDraft[] };
  onCancel: () => void;
  onConfirm: (mark: DoneMark) => Promise<DoneOutcome>;
}) {
  const t = useTranslations('routing');
  const tAll = useTranslations();
  const id = useId();
  const [note, setNote] = useState(initialNote.slice(0, VISIT_NOTE_MAX_LENGTH));
  const { lines, changeLines, errors, setErrors } = useLineDrafts(() => recording?.initialLines() ?? []);
  const [saving, setSaving] = useState(false);

  const showErrors = (next: Record<string, string>) => {
    setErrors(next);
    const first = findFirstErrorId(id, next, lines.length, [['note', `${id}-note`]]);
    if (first) document.getElementById(first)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (recording) {
      const problems = checkLineDrafts(lines);
      if (Object.keys(problems).length > 0) {
        showErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, tAll(key)])));
        return;
      }
    }
    setErrors({});
    setSaving(true);
    // On success the dialog closes and this form goes with it; a refusal keeps the text for another try.
    const outcome = await onConfirm(recording ? { note: note.trim(), applications: toLinePayload(lines) } : { note: note.trim() });
    if (outcome.ok) return;
    setSaving(false);
    if (outcome.fields) showErrors(outcome.fields);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {recording ? <ApplicationLinesFields idPrefix={id} lines={lines} onChange={changeLines} products={recording.products} errors={errors} /> : null}
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-note`}>{t('noteDialog.label')}</Label>
        <p id={`${id}-hint`} className="text-sm text-gray-600">{t('noteDialog.hint')}</p>
        <textarea
          id={`${id}-note`}
          rows={4}
          maxLength={VISIT_NOTE_MAX_LENGTH}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={[`${id}-hint`, `${id}-count`, errors.note ? `${id}-note-error` : null].filter(Boolean).join(' ')}
          className="w-full rounded-md border border-gray-300 px-3 py-2 text-base"
        />
        <p id={`${id}-count`} className="text-right text-sm text-gray-600">
          {t('noteDialog.counter', { count: note.length, max: VISIT_NOTE_MAX_LENGTH })}
        </p>
        {errors.note ? <p id={`${id}-note-error`} className="text-sm text-red-700">{errors.note}</p> : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} className="h-11 w-full sm:w-auto">{t('noteDialog.cancel')}</Button>
        <Button type="submit" disabled={saving} className="h-11 w-full sm:w-auto">{saving ? t('noteDialog.saving') : t('noteDialog.confirm')}</Button>
      </div>
    </form>
  );
}
