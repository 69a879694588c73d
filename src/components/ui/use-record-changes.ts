'use client';
import { useState } from 'react';
import type { SaveOutcome } from './form-outcome';

/**
 * The state of a staff screen that lists records and changes them one at a time (technicians,
 * products, staff accounts): the list as last read, the notice of the last change, a row action's
 * refusal, and the row whose buttons wait while its change is saved.
 * `reload` reads the list again (null keeps the one shown); `failedMessage` stands in for a refusal without a message.
 */
export function useRecordChanges<L, N = string>({ initial, reload, failedMessage }: {
  initial: L;
  reload: () => Promise<L | null>;
  failedMessage: string;
}) {
  const [records, setRecords] = useState(initial);
  const [notice, setNotice] = useState<N | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  /** A change the server accepted: its notice replaces the last refusal, then the list is read again. */
  const applyChange = async (next: N) => {
    setNotice(next);
    setActionError(null);
    const fresh = await reload();
    if (fresh !== null) setRecords(fresh);
  };

  /** A row's own button (deactivate, delete...): its refusal shows above the list, not in a form. */
  const runRowAction = async (id: number, change: () => Promise<SaveOutcome>) => {
    setBusyId(id);
    const outcome = await change();
    setBusyId(null);
    if (!outcome.ok) setActionError(outcome.message ?? failedMessage);
  };

  return { records, notice, actionError, busyId, applyChange, runRowAction };
}
