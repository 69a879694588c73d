'use client';
import { useLocale, useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogCloseButton } from '@/components/ui/dialog-close-button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { formatLongDate } from '@/lib/format';
import type { RainDayBlock } from '../rain-day-offer';
import type { RainDayBooking, RainDayPreview, RainDayResult, RainDayUnplaced } from '../rain-day.service';

type PreviewState = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; preview: RainDayPreview };

/**
 * "Move this Friday (rain day)" on the route manager (0033): the office picks the Friday the visits
 * go to (the rained-out Friday is then closed to bookings until reopened, 0071), reads where each booking would land (the target until it is full, then the next Fridays
 * with room, and who fits nowhere: no room, or a Friday too close to another visit of the plan,
 * 0035), and moves them all at once. A refusal shows the server's
 * message and keeps the choice; after the move the dialog says what was done. A day with
 * appointments but nothing confirmed left to do shows the button off, with the reason.
 */
export function RainDayAction({ date, count, block, onMoved }: {
  date: string;
  count: number | null;
  /** Why the day has nothing to move though it has appointments (`findRainDayBlock`): the button is off and says why. */
  block: RainDayBlock | null;
  onMoved: () => void;
}) {
  const t = useTranslations('rainDay');
  const locale = useLocale();
  const selectId = useId();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  const [preview, setPreview] = useState<PreviewState>({ state: 'loading' });
  // The Fridays offered last time the server answered, so a refused choice can be changed.
  const [targets, setTargets] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<RainDayResult | null>(null);
  const [reload, setReload] = useState(0);
  // Once the day is moved its count drops to 0: the button stays, so a second press gets the server's answer.
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!open || result) return;
    const controller = new AbortController();
    const query = new URLSearchParams({ date, ...(target ? { to: target } : {}) });
    void (async () => {
      const { ok, body } = await callStaffApi<RainDayPreview>(`/api/admin/rain-day?${query}`, { signal: controller.signal });
      if (controller.signal.aborted) return;
      if (!ok || !body?.targets) {
        setPreview({ state: 'failed', message: body?.message ?? t('failed') });
        return;
      }
      setPreview({ state: 'ready', preview: body });
      setTargets(body.targets);
      if (!target) setTarget(body.to);
    })();
    return () => controller.abort();
  }, [open, date, target, result, reload, t]);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) return;
    setPreview({ state: 'loading' });
    setTarget(null);
    setTargets([]);
    setError(null);
    setResult(null);
  };

  const chooseTarget = (next: string) => {
    // The Friday already chosen (now the first one after the day, 0069): its preview stands.
    if (next === target) return;
    setError(null);
    setPreview({ state: 'loading' });
    setTarget(next);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!target) return;
    setSaving(true);
    setError(null);
    const { ok, body } = await callStaffApi<RainDayResult>('/api/admin/rain-day', { method: 'POST', body: { date, to: target } });
    setSaving(false);
    if (ok && body?.moved) {
      setResult(body);
      setDone(true);
      toast({ title: t('doneTitle'), description: t('doneBody', { visits: body.movedVisits, customers: body.movedCustomers }) });
      onMoved();
      return;
    }
    // Someone may have moved the day or filled the Friday meanwhile: say why, keep the choice, read the preview again.
    setError(body?.message ?? t('failed'));
    setReload((n) => n + 1);
  };

  const longDate = formatLongDate(date, locale);
  const ready = preview.state === 'ready' ? preview.preview : null;
  const bookingLine = (b: RainDayBooking) => t('booking', { name: b.customerName, visits: b.stops });
  // Who stays for want of room, and who because every Friday with room breaks their plan's spacing.
  const stays = (unplaced: RainDayUnplaced[]) => {
    const full = unplaced.filter((b) => b.reason === 'full');
    const spaced = unplaced.flatMap((b) => (b.reason === 'spacing' ? [b] : []));
    return (
      <>
        {full.length > 0 ? <Unplaced title={t('unplacedTitle')} body={t('unplacedBody', { date: longDate })} lines={full.map(bookingLine)} /> : null}
        {spaced.length > 0 ? (
          <Unplaced
            title={t('spacingTitle')}
            body={t('spacingBody', { date: longDate, days: spaced[0]!.blockedBy.minIntervalDays })}
            lines={spaced.map((b) => t('spacingBooking', { name: b.customerName, visits: b.stops, visit: b.blockedBy.visitNumber, visitDate: formatLongDate(b.blockedBy.date, locale) }))}
          />
        ) : null}
      </>
    );
  };
  if (!open && !done && (count ?? 0) === 0) return null;
  // Visits all done (say, marked done before any route had them): off, with the reason beside it,
  // as Optimize Route is off on such a day (0006 c).
  if (!open && !done && block) {
    return (
      <span className="flex max-w-xs flex-col gap-1 sm:items-end">
        <Button type="button" variant="outline" disabled aria-describedby={`${selectId}-block`}>{t('open')}</Button>
        <span id={`${selectId}-block`} className="text-xs text-gray-600 sm:text-right">{t(`unavailable.${block}`)}</span>
      </span>
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Trigger asChild>
        <Button type="button" variant="outline">{t('open')}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="pr-8 text-xl font-semibold">{t('title', { date: longDate })}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">{t('description')}</Dialog.Description>

          {result ? (
            <div className="mt-4 space-y-3" role="status">
              <p className="font-semibold">{t('doneBody', { visits: result.movedVisits, customers: result.movedCustomers })}</p>
              <ul className="list-disc pl-5 text-sm">
                {result.moved.map((day) => (
                  <li key={day.date}>{t('friday', { date: formatLongDate(day.date, locale), visits: day.visits, customers: day.customers })}</li>
                ))}
              </ul>
              {result.skipped > 0 ? <p className="text-sm text-gray-700">{t('doneSkipped', { count: result.skipped })}</p> : null}
              {stays(result.unplaced)}
              <p className="text-sm text-gray-700">{t('closedNote', { date: longDate })}</p>
              <p className="text-sm text-gray-700">{t('routesNote')}</p>
              <div className="flex justify-end">
                <Dialog.Close asChild>
                  <Button type="button">{t('done')}</Button>
                </Dialog.Close>
              </div>
            </div>
          ) : (
            <form method="post" noValidate onSubmit={submit} className="mt-4 space-y-4">
              {targets.length > 0 ? (
                <div className="space-y-1.5">
                  <Label htmlFor={selectId}>{t('target')}</Label>
                  <select
                    id={selectId}
                    value={target ?? ''}
                    onChange={(e) => chooseTarget(e.target.value)}
                    className="flex h-10 w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-ink"
                  >
                    {targets.map((d) => <option key={d} value={d}>{formatLongDate(d, locale)}</option>)}
                  </select>
                </div>
              ) : null}
              {preview.state === 'loading' ? <p role="status" className="text-sm text-gray-700">{t('loading')}</p> : null}
              {preview.state === 'failed' ? <p role="alert" className="text-sm text-red-700">{preview.message}</p> : null}
              {ready ? (
                <div className="space-y-3" data-testid="rain-day-preview">
                  <p className="font-semibold">{t('summary', { visits: ready.visits, customers: ready.customers })}</p>
                  <section className="space-y-1" aria-labelledby={`${selectId}-where`}>
                    <h3 id={`${selectId}-where`} className="text-sm font-semibold">{t('whereTitle')}</h3>
                    <ul className="list-disc pl-5 text-sm">
                      {ready.moves.map((day) => (
                        <li key={day.date}>{t('friday', { date: formatLongDate(day.date, locale), visits: day.visits, customers: day.customers })}</li>
                      ))}
                    </ul>
                    {/* Why some go past the chosen Friday: it filled up, or their plan's spacing keeps them off it. */}
                    {ready.passedTarget.full > 0 ? <p className="text-sm text-gray-700">{t('overflow', { date: formatLongDate(ready.to, locale) })}</p> : null}
                    {ready.passedTarget.spacing > 0 ? (
                      <p className="text-sm text-gray-700">{t('overflowSpacing', { date: formatLongDate(ready.to, locale), count: ready.passedTarget.spacing, days: ready.passedTarget.minIntervalDays })}</p>
                    ) : null}
                  </section>
                  {stays(ready.unplaced)}
                  {ready.stillHeld > 0 ? <p className="text-sm text-gray-700">{t('stillHeld', { count: ready.stillHeld })}</p> : null}
                  <p className="text-sm text-gray-700">{t('closeNote', { date: longDate })}</p>
                  <p className="text-sm text-gray-700">{t('routesNote')}</p>
                </div>
              ) : null}
              {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
              <div className="flex flex-wrap justify-end gap-2">
                <Dialog.Close asChild>
                  <Button type="button" variant="outline">{t('cancel')}</Button>
                </Dialog.Close>
                <Button type="submit" disabled={saving || !ready || ready.visits === 0}>
                  {saving ? t('saving') : t('submit', { visits: ready?.visits ?? 0 })}
                </Button>
              </div>
            </form>
          )}
          <DialogCloseButton label={t('close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Unplaced({ title, body, lines }: { title: string; body: string; lines: string[] }) {
  return (
    <div className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <p className="text-sm font-semibold">{title}</p>
      <p className="text-sm">{body}</p>
      <ul className="list-disc pl-5 text-sm">
        {lines.map((line, i) => <li key={i}>{line}</li>)}
      </ul>
    </div>
  );
}
