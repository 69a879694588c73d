'use client';
import { useLocale } from 'next-intl';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { formatLongDate } from '@/lib/format';
import { useHydrated } from '@/lib/use-hydrated';
import type { FridayList } from './use-friday-choice';

/**
 * One Friday picked from a list the server offered, then sent: the customer's move of a visit and
 * the office's booking of a free re-treatment (state in `useFridayChoice`). While the list is read,
 * could not be read or is empty, that is what shows. The error (the server's translated refusal,
 * or "choose a Friday") is tied to the list; "Cancel" closes without sending. The labels are the
 * caller's, in its own namespace.
 */
export function FridayChoiceForm({ id, list, intro, value, onChange, error, busy, labels, onCancel, onSubmit }: {
  /** A unique id: the list is `${id}-date`, its error `${id}-error`. */
  id: string;
  list: FridayList;
  /** Shown above the list once it is read (why it is narrower than usual, say). */
  intro?: ReactNode;
  value: string;
  onChange: (date: string) => void;
  error: string | null;
  busy: boolean;
  labels: { loading: string; loadFailed: string; empty: ReactNode; date: string; choose: string; cancel: string; submit: string; submitting: string };
  onCancel: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const locale = useLocale();
  // Sending is not possible before the page is hydrated.
  const hydrated = useHydrated();
  if (list.state === 'loading') return <p role="status" className="text-sm text-gray-700">{labels.loading}</p>;
  if (list.state === 'failed') return <p role="alert" className="text-sm text-red-700">{list.message ?? labels.loadFailed}</p>;
  if (list.dates.length === 0) return <div className="space-y-4">{intro}<p className="text-sm text-gray-700">{labels.empty}</p></div>;
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      {intro}
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
          {list.dates.map((d) => <option key={d} value={d}>{formatLongDate(d, locale)}</option>)}
        </select>
      </div>
      {error ? <p id={`${id}-error`} role="alert" className="text-sm text-red-700">{error}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>{labels.cancel}</Button>
        <Button type="submit" disabled={!hydrated || busy}>{busy ? labels.submitting : labels.submit}</Button>
      </div>
    </form>
  );
}
