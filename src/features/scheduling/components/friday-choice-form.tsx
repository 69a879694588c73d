'use client';
import { useLocale } from 'next-intl';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { formatLongDate } from '@/lib/format';

/**
 * One Friday picked from a list the server offered, then sent: the customer's move of a visit and
 * the office's booking of a free re-treatment. The error (the server's translated refusal, or
 * "choose a Friday") is tied to the list; "Cancel" closes without sending. The labels are the
 * caller's, in its own namespace.
 */
export function FridayChoiceForm({ id, dates, value, onChange, error, busy, disabled, labels, onCancel, onSubmit }: {
  /** A unique id: the list is `${id}-date`, its error `${id}-error`. */
  id: string;
  dates: readonly string[];
  value: string;
  onChange: (date: string) => void;
  error: string | null;
  busy: boolean;
  /** Sending is not possible yet (the page is not hydrated). */
  disabled?: boolean;
  labels: { date: string; choose: string; cancel: string; submit: string; submitting: string };
  onCancel: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const locale = useLocale();
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-date`}>{labels.date}</Label>
        <select
          id={`${id}-date`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm"
        >
          <option value="">{labels.choose}</option>
          {dates.map((d) => <option key={d} value={d}>{formatLongDate(d, locale)}</option>)}
        </select>
      </div>
      {error ? <p id={`${id}-error`} role="alert" className="text-sm text-red-700">{error}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>{labels.cancel}</Button>
        <Button type="submit" disabled={disabled || busy}>{busy ? labels.submitting : labels.submit}</Button>
      </div>
    </form>
  );
}
