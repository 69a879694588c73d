'use client';
import { useLocale, useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DialogCloseButton } from '@/components/ui/dialog-close-button';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import type { SpacingVariant, SpacingWindow } from '@/features/scheduling/visit-spacing';
import { formatLongDate } from '@/lib/format';
import type { AppointmentChangeSchema } from '../dashboard.schema';
import type { DashboardData } from '../dashboard.service';
import { callStaffApi } from './staff-api';
import { useDashboardFormat } from './use-dashboard-format';

export type MovableAppointment = Pick<DashboardData['appointments'][number], 'id' | 'date' | 'status' | 'serviceType' | 'kind' | 'firstName' | 'lastName' | 'needsStaffAttention' | 'needsDateDayClosed'>;
export type MovedVisits = { date: string; movedIds: number[] };

/** The toast after a move, wherever the office moved the visit from (the visit list, the customer page). */
export function useVisitMovedToast() {
  const t = useTranslations('adminDashboard');
  const format = useDashboardFormat();
  return (appointment: MovableAppointment, moved: MovedVisits) => {
    // The server emails the customer whenever a visit actually moved (docs/decisions/0015).
    const body = moved.movedIds.length > 0 ? 'move.movedEmailedBody' : 'move.movedBody';
    toast({ title: t('move.movedTitle'), description: t(body, { name: format.name(appointment.firstName, appointment.lastName), date: format.date(moved.date) }) });
  };
}

/** Why a plan's list leaves Fridays with room out (0035); null for a one-visit booking. */
type Spacing = (SpacingWindow & { variant: SpacingVariant }) | null;

type DateChoice = { state: 'loading' } | { state: 'failed'; message: string | null } | { state: 'ready'; dates: string[]; stopsNeeded: number; spacing: Spacing };

/**
 * Staff give a visit another Friday: the Fridays with room for it (and any visit of its booking
 * that shares its Friday) come from the server's available-dates rule, and the server re-counts
 * the day under lock when the move is saved.
 */
export function MoveVisitDialog({ appointment, name, service, addOns, onClose, onMoved, onRefused }: {
  appointment: MovableAppointment | null;
  name: string;
  service: string;
  /** What was sold with the visit besides its service, as the row names it (0064), or null. */
  addOns: string | null;
  onClose: () => void;
  onMoved: (appointment: MovableAppointment, moved: MovedVisits) => void;
  /** The server would not offer or make the move (the visit changed meanwhile): the list behind reads its rows again. */
  onRefused?: () => void;
}) {
  const t = useTranslations('adminDashboard.move');
  const locale = useLocale();
  const selectId = useId();
  const [choice, setChoice] = useState<DateChoice>({ state: 'loading' });
  const [selected, setSelected] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const returnFocus = useReturnFocus();
  // The latest callback, for the date request's effect (which must not run again when it changes).
  const refused = useRef(onRefused);
  useEffect(() => {
    refused.current = onRefused;
  }, [onRefused]);
  const id = appointment?.id ?? null;

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    void (async () => {
      const { ok, body } = await callStaffApi<{ dates?: string[]; stopsNeeded?: number; spacing?: Spacing }>(`/api/admin/appointments/${id}/dates`, { signal: controller.signal });
      if (controller.signal.aborted) return;
      if (!ok || !body?.dates) {
        setChoice({ state: 'failed', message: body?.message ?? null });
        refused.current?.();
        return;
      }
      setChoice({ state: 'ready', dates: body.dates, stopsNeeded: body.stopsNeeded ?? 1, spacing: body.spacing ?? null });
      // The first Friday when the dialog opens; after a refusal the choice stays while it is still
      // offered, and is cleared (not swapped for another Friday) once it is not.
      setSelected((current) => (current === '' ? (body.dates![0] ?? '') : body.dates!.includes(current) ? current : ''));
    })();
    return () => controller.abort();
  }, [id, reload]);

  const close = () => {
    setChoice({ state: 'loading' });
    setSelected('');
    setError(null);
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!appointment || !selected) return;
    setSaving(true);
    setError(null);
    const body: z.input<typeof AppointmentChangeSchema> = { date: selected };
    const { ok, body: json } = await callStaffApi<{ date?: string; movedIds?: number[] }>(`/api/admin/appointments/${appointment.id}`, { method: 'PATCH', body });
    setSaving(false);
    if (ok && json?.date) {
      onMoved(appointment, { date: json.date, movedIds: json.movedIds ?? [] });
      close();
      return;
    }
    // Someone may have taken the last stop, or moved another visit of the plan, meanwhile: say why
    // (the server's message names the Fridays left) and offer the Fridays as they are now.
    setError(json?.message ?? t('datesFailed'));
    setReload((n) => n + 1);
    onRefused?.();
  };

  const needsDate = appointment?.needsStaffAttention ?? false;
  const date = appointment ? formatLongDate(appointment.date, locale) : '';
  const day = (d: string | null | undefined, weekday = true) => (d ? formatLongDate(d, locale, { weekday }) : '');
  const spacingHint = (spacing: NonNullable<Spacing>) => t(`spacingHint.${spacing.variant}`, {
    days: spacing.minIntervalDays,
    from: day(spacing.earliest, false),
    to: day(spacing.latest, false),
    previous: spacing.previous?.visitNumber ?? '',
    previousDate: day(spacing.previous?.date),
    next: spacing.next?.visitNumber ?? '',
    nextDate: day(spacing.next?.date),
  });

  return (
    <Dialog.Root open={appointment !== null} onOpenChange={(open) => { if (!open) close(); }}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl" {...returnFocus}>
          <Dialog.Title className="pr-8 text-xl font-semibold">{t(needsDate ? 'titleNeedsDate' : 'title', { name })}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">
            {/* Its Friday closed for rain, not full: said as closed (0099). */}
            {t(needsDate ? (appointment?.needsDateDayClosed ? 'descriptionNeedsDateClosed' : 'descriptionNeedsDate') : 'description', { service, date })}
            {/* The add-ons move with the visit (0077): on a line of their own, read out after a space. */}
            {addOns ? <>{' '}<span className="mt-1 block font-medium text-gray-800">{addOns}</span></> : null}
          </Dialog.Description>
          <form method="post" noValidate onSubmit={submit} className="mt-4 space-y-4">
            {choice.state === 'loading' ? <p role="status" className="text-sm text-gray-700">{t('loadingDates')}</p> : null}
            {choice.state === 'failed' ? <p role="alert" className="text-sm text-red-700">{choice.message ?? t('datesFailed')}</p> : null}
            {choice.state === 'ready' && choice.spacing ? <p className="text-sm text-gray-700">{spacingHint(choice.spacing)}</p> : null}
            {choice.state === 'ready' && choice.dates.length === 0 && choice.spacing?.variant !== 'none' ? <p role="status" className="text-sm text-gray-700">{t('noDates')}</p> : null}
            {choice.state === 'ready' && choice.dates.length > 0 ? (
              <div className="space-y-1.5">
                <Label htmlFor={selectId}>{t('newFriday')}</Label>
                <select
                  id={selectId}
                  value={selected}
                  onChange={(e) => setSelected(e.target.value)}
                  className="flex h-10 w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-ink"
                >
                  {selected === '' ? <option value="" disabled>{t('chooseFriday')}</option> : null}
                  {choice.dates.map((d) => <option key={d} value={d}>{formatLongDate(d, locale)}</option>)}
                </select>
                {choice.stopsNeeded > 1 ? <p className="text-sm text-gray-600">{t('together', { count: choice.stopsNeeded })}</p> : null}
              </div>
            ) : null}
            {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="outline">{t('cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={saving || choice.state !== 'ready' || !selected}>
                {saving ? t('saving') : t(needsDate ? 'submitNeedsDate' : 'submit')}
              </Button>
            </div>
          </form>
          <DialogCloseButton label={t('close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
