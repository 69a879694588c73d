'use client';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { FormDialog } from '@/components/ui/record-dialogs';
import { VISIT_NOTE_MAX_LENGTH } from '../route.schema';

/**
 * "Mark done" asks first (docs/decisions/0038): an optional note to the customer, which their
 * visit report carries, and the confirmation. The note box opens with the note already stored (a
 * stop marked done, taken back and done again). `onConfirm` resolves true when the stop changed,
 * and the dialog closes; false keeps it open with what was typed, so a lost connection loses nothing.
 */
export function VisitNoteDialog({ open, name, initialNote, onClose, onConfirm }: {
  open: boolean;
  /** The customer's name, as the stop shows it. */
  name: string;
  initialNote: string;
  onClose: () => void;
  onConfirm: (note: string) => Promise<boolean>;
}) {
  const t = useTranslations('routing');
  return (
    <FormDialog open={open} onClose={onClose} title={t('noteDialog.title', { name })} description={t('noteDialog.description')} closeLabel={t('noteDialog.cancel')}>
      {open ? <NoteForm initialNote={initialNote} onCancel={onClose} onConfirm={onConfirm} /> : null}
    </FormDialog>
  );
}

function NoteForm({ initialNote, onCancel, onConfirm }: { initialNote: string; onCancel: () => void; onConfirm: (note: string) => Promise<boolean> }) {
  const t = useTranslations('routing');
  const id = useId();
  const [note, setNote] = useState(initialNote.slice(0, VISIT_NOTE_MAX_LENGTH));
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    // On success the dialog closes and this form goes with it; a refusal keeps the text for another try.
    const changed = await onConfirm(note.trim());
    if (!changed) setSaving(false);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-note`}>{t('noteDialog.label')}</Label>
        <p id={`${id}-hint`} className="text-sm text-gray-600">{t('noteDialog.hint')}</p>
        <textarea
          id={`${id}-note`}
          rows={4}
          maxLength={VISIT_NOTE_MAX_LENGTH}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-describedby={`${id}-hint ${id}-count`}
          className="w-full rounded-md border border-gray-300 px-3 py-2 text-base"
        />
        <p id={`${id}-count`} className="text-right text-sm text-gray-600">
          {t('noteDialog.counter', { count: note.length, max: VISIT_NOTE_MAX_LENGTH })}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} className="h-11 w-full sm:w-auto">{t('noteDialog.cancel')}</Button>
        <Button type="submit" disabled={saving} className="h-11 w-full sm:w-auto">{saving ? t('noteDialog.saving') : t('noteDialog.confirm')}</Button>
      </div>
    </form>
  );
}
