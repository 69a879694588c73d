import type { ReactNode } from 'react';
import { Label } from './label';

/** What the field hands its control: the id its label points at, and the invalid state and descriptions tied to it. */
export type FormFieldControlProps = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/**
 * A labelled control with its hint and its error, both tied to the control by aria-describedby
 * (hints first, as they stand on the page); the control is aria-invalid while there is an error.
 * `describedBy` names descriptions that stand outside the field (one hint under two time inputs).
 */
export function FormField({ id, label, hint, error, describedBy, children }: {
  id: string;
  label: string;
  hint?: string;
  error: string | null;
  describedBy?: string;
  children: (props: FormFieldControlProps) => ReactNode;
}) {
  const describedByIds = [describedBy, hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedByIds })}
      {hint ? <p id={`${id}-hint`} className="text-sm text-gray-600">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="text-sm text-red-700">{error}</p> : null}
    </div>
  );
}
