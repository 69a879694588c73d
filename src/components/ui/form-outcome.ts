'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** What saving a staff form answered: done, or refused with the server's translated message and field messages. */
export type SaveOutcome = { ok: true } | { ok: false; message: string | null; fields?: Record<string, string> };

/** A refused save as an outcome: the body the server sent (null when it sent nothing readable). */
export function toRefusal(body: { message?: string; fields?: Record<string, string> } | null): SaveOutcome {
  return { ok: false, message: body?.message ?? null, fields: body?.fields };
}

/** For a dialog's form: closes the dialog once the save has gone through, and hands the outcome on to the form. */
export async function closeOnSuccess(saving: Promise<SaveOutcome>, close: () => void): Promise<SaveOutcome> {
  const outcome = await saving;
  if (outcome.ok) close();
  return outcome;
}

/** A field's error as text: browser checks give translation keys; the server's refusals come already translated. */
export function useDescribeError() {
  const tAll = useTranslations();
  return (error: FieldError | undefined) => (error?.message ? (error.type === 'server' ? error.message : tAll(error.message)) : null);
}

/**
 * Puts the server's field messages next to their fields, focusing the first. False when none of
 * them matched a field of the form: the caller then shows the refusal's message above the buttons.
 */
export function placeServerErrors<T extends FieldValues>(
  fieldMessages: Record<string, string> | undefined,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  let placed = false;
  for (const field of fields) {
    const message = fieldMessages?.[field];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}

/**
 * A staff form's save: `runSave` clears the last refusal, saves, and on a refusal puts the field
 * messages by their fields, or else shows the message (`fallback` when the server gave none) as
 * `formError` above the buttons. It resolves true when the save went through.
 */
export function useSaveOutcome<T extends FieldValues>(fields: readonly Path<T>[], setError: UseFormSetError<T>, fallback: string) {
  const [formError, setFormError] = useState<string | null>(null);
  const runSave = async (save: () => Promise<SaveOutcome>): Promise<boolean> => {
    setFormError(null);
    const outcome = await save();
    if (!outcome.ok && !placeServerErrors(outcome.fields, fields, setError)) setFormError(outcome.message ?? fallback);
    return outcome.ok;
  };
  return { formError, runSave };
}
