'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import type { RouteStop } from '../route.service';
import { findStopAction } from '../stop-completion';
import { VisitNoteDialog } from './visit-note-dialog';

type StopStatus = 'completed' | 'confirmed';

/**
 * "Mark done" on a confirmed stop from its day on, "Undo" on a completed one (day sheet only, not
 * on paper). "Mark done" opens the note dialog first (an optional note to the customer, whose
 * visit report carries it, 0038); "Undo" changes at once. The server decides (own route, the
 * visit's day, the dashboard's transitions); its translated refusal is shown as it is.
 * `onStatus` updates the stop in place, with the note when one was saved.
 */
export function StopDoneButton({ stop, today, onStatus }: {
  stop: RouteStop; today: string; onStatus: (appointmentId: number, status: string, visitNote?: string | null) => void;
}) {
  const t = useTranslations('routing');
  const [saving, setSaving] = useState(false);
  const [noteOpen, setNoteOpen] = useState(false);
  const action = findStopAction(stop.appointment, today);
  if (!action) return null;
  const name = `${stop.customer.firstName} ${stop.customer.lastName}`;

  /** Sends the change; true when the stop is now as asked. */
  const change = async (status: StopStatus, note?: string): Promise<boolean> => {
    setSaving(true);
    try {
      const res = await fetch(`/api/routes/technician/stops/${stop.appointment.id}`, {
        method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(note === undefined ? { status } : { status, note }),
      });
      const body = (await res.json().catch(() => null)) as { status?: unknown; message?: unknown } | null;
      if (res.ok) {
        onStatus(stop.appointment.id, status, note === undefined ? undefined : note || null);
        toast(status === 'completed'
          ? { title: t('markedDoneTitle'), description: t('markedDoneBody', { name }) }
          : { title: t('undoneTitle'), description: t('undoneBody', { name }) });
        return true;
      }
      // Someone else changed it first (the office, a second phone): show the stop as it now is.
      if (res.status === 409 && (body?.status === 'completed' || body?.status === 'confirmed')) {
        onStatus(stop.appointment.id, body.status);
        setNoteOpen(false);
      }
      toast({ variant: 'destructive', title: t('stopNotChangedTitle'), description: typeof body?.message === 'string' ? body.message : t('stopChangeFailed') });
      return false;
    } catch {
      toast({ variant: 'destructive', title: t('stopNotChangedTitle'), description: t('stopChangeFailed') });
      return false;
    } finally {
      setSaving(false);
    }
  };

  const confirmDone = async (note: string) => {
    const changed = await change('completed', note);
    if (changed) setNoteOpen(false);
    return changed;
  };

  return (
    <>
      <Button
        type="button"
        variant={action === 'markDone' ? 'default' : 'outline'}
        onClick={() => (action === 'markDone' ? setNoteOpen(true) : void change('confirmed'))}
        disabled={saving}
        aria-haspopup={action === 'markDone' ? 'dialog' : undefined}
        aria-label={t(action === 'markDone' ? 'markDoneFor' : 'undoDoneFor', { name })}
        className="mt-2 h-11 w-full sm:w-auto print:hidden"
      >
        {t(action === 'markDone' ? 'markDone' : 'undoDone')}
      </Button>
      {/* Rendered while closed too: once the stop is done it closes as a dialog does, focus back on this button (now Undo). */}
      <VisitNoteDialog open={noteOpen} name={name} initialNote={stop.appointment.visitNote ?? ''} onClose={() => setNoteOpen(false)} onConfirm={confirmDone} />
    </>
  );
}
