'use client';
import { useHydrated } from '@/lib/use-hydrated';
import { Button } from './button';

/**
 * A form's refusal (when the server's answer fitted no field) and its buttons: Cancel when the form
 * can be left, and submit, which says `savingLabel` while the save runs. `holdUntilHydrated` keeps
 * submit disabled until React has hydrated, for forms the browser must never send by itself
 * (a password would land in a plain POST).
 */
export function FormFooter({ formError, busy, submitLabel, savingLabel, cancelLabel, onCancel, holdUntilHydrated = false }: {
  formError: string | null;
  busy: boolean;
  submitLabel: string;
  savingLabel: string;
  cancelLabel: string;
  onCancel?: () => void;
  holdUntilHydrated?: boolean;
}) {
  const hydrated = useHydrated();
  return (
    <>
      {formError ? <p role="alert" className="text-sm text-red-700">{formError}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? <Button type="button" variant="outline" onClick={onCancel}>{cancelLabel}</Button> : null}
        <Button type="submit" disabled={(holdUntilHydrated && !hydrated) || busy}>{busy ? savingLabel : submitLabel}</Button>
      </div>
    </>
  );
}
