'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import type { RouteStop } from '../route.service';
import { findStopAction } from '../stop-completion';

type StopStatus = 'completed' | 'confirmed';

/**
 * "Mark done" on a confirmed stop from its day on, "Undo" on a completed one (day sheet only, not
 * on paper). The server decides (own route, the visit's day, the dashboard's transitions); its
 * translated refusal is shown as it is. `onStatus` updates the stop in place.
 */
export function StopDoneButton({ stop, today, onStatus }: { stop: RouteStop; today: string; onStatus: (appointmentId: number, status: string) => void }) {
  const t = useTranslations('routing');
  const [saving, setSaving] = useState(false);
  const action = findStopAction(stop.appointment, today);
  if (!action) return null;
  const name = `${stop.customer.firstName} ${stop.customer.lastName}`;
  const status: StopStatus = action === 'markDone' ? 'completed' : 'confirmed';

  const change = async () => {
    setSaving(true);
    try {
      const res = await fetch(`/api/routes/technician/stops/${stop.appointment.id}`, {
        method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status }),
      });
      const body = (await res.json().catch(() => null)) as { status?: unknown; message?: unknown } | null;
      if (res.ok) {
        onStatus(stop.appointment.id, status);
        toast(action === 'markDone'
          ? { title: t('markedDoneTitle'), description: t('markedDoneBody', { name }) }
          : { title: t('undoneTitle'), description: t('undoneBody', { name }) });
        return;
      }
      // Someone else changed it first (the office, a second phone): show the stop as it now is.
      if (res.status === 409 && (body?.status === 'completed' || body?.status === 'confirmed')) onStatus(stop.appointment.id, body.status);
      toast({ variant: 'destructive', title: t('stopNotChangedTitle'), description: typeof body?.message === 'string' ? body.message : t('stopChangeFailed') });
    } catch {
      toast({ variant: 'destructive', title: t('stopNotChangedTitle'), description: t('stopChangeFailed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Button
      type="button"
      variant={action === 'markDone' ? 'default' : 'outline'}
      onClick={change}
      disabled={saving}
      aria-label={t(action === 'markDone' ? 'markDoneFor' : 'undoDoneFor', { name })}
      className="mt-2 h-11 w-full sm:w-auto print:hidden"
    >
      {t(action === 'markDone' ? 'markDone' : 'undoDone')}
    </Button>
  );
}
