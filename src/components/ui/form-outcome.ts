'use client';
import { useTranslations } from 'next-intl';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** What saving a staff form answered: done, or refused with the server's translated message and field messages. */
export type SaveOutcome = { ok: true } | { ok: false; message: string | null; fields?: Record<string, string> };

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
