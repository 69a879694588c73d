'use client';
import { useLocale, useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogCloseButton } from '@/components/ui/dialog-close-button';
import { toast } from '@/components/ui/use-toast';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { formatLongDate } from '@/lib/format';
import type { SeasonOpenerPreview, SeasonOpenerResult } from '../season-opener.service';

const API = '/api/admin/season-opener';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; preview: SeasonOpenerPreview };

/**
 * "Season opener email" on the dashboard's Customers tab (docs/decisions/0043): the coming season
 * and its first Friday (and the later Friday the email announces when that one is full or closed,
 * or that none has room, 0077), how many customers get the email (consent given, not unsubscribed, not
 * sent it this season), a preview, and Send. Sending again, or by two admins at once, reaches
 * nobody twice; the dialog then says how many emails went to the outbox.
 */
export function SeasonOpenerAction({ previewPath }: { previewPath: string }) {
  const t = useTranslations('marketingEmail.staff');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [reload, setReload] = useState(0);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<SeasonOpenerResult | null>(null);

  useEffect(() => {
    if (!open || result) return;
    const controller = new AbortController();
    void (async () => {
      const { ok, body } = await callStaffApi<SeasonOpenerPreview>(API, { signal: controller.signal });
      if (controller.signal.aborted) return;
      setLoad(ok && body && typeof body.recipients === 'number' ? { state: 'ready', preview: body } : { state: 'failed', message: body?.message ?? t('failed') });
    })();
    return () => controller.abort();
  }, [open, result, reload, t]);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) return;
    setLoad({ state: 'loading' });
    setError(null);
    setResult(null);
  };

  const send = async () => {
    if (load.state !== 'ready') return;
    setSending(true);
    setError(null);
    const { ok, body } = await callStaffApi<SeasonOpenerResult>(API, { method: 'POST', body: { year: load.preview.year } });
    setSending(false);
    if (ok && body && typeof body.queued === 'number') {
      setResult(body);
      toast({ title: t('doneTitle'), description: t('doneBody', { count: body.queued }) });
      return;
    }
    // The season turned, or the server refused: say why and read the figures again.
    setError(body?.message ?? t('failed'));
    setLoad({ state: 'loading' });
    setReload((n) => n + 1);
  };

  const ready = load.state === 'ready' ? load.preview : null;
  const year = result?.year ?? ready?.year;
  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Trigger asChild>
        <Button type="button" variant="outline">{t('open')}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="pr-8 text-xl font-semibold">{year ? t('title', { year }) : t('open')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">{t('description')}</Dialog.Description>
          {result ? (
            <div className="mt-4 space-y-3">
              <p role="status" className="font-semibold">{t('doneBody', { count: result.queued })}</p>
              <div className="flex justify-end">
                <Dialog.Close asChild><Button type="button">{t('done')}</Button></Dialog.Close>
              </div>
            </div>
          ) : (
            <div className="mt-4 space-y-4">
              {load.state === 'loading' ? <p role="status" className="text-sm text-gray-700">{t('loading')}</p> : null}
              {load.state === 'failed' ? <p role="alert" className="text-sm text-red-700">{load.message}</p> : null}
              {ready ? (
                <div className="space-y-2 text-sm" data-testid="season-opener-preview">
                  {/* Once the season has begun its first Friday is past: the next one is the email's (0081). */}
                  <p>{t(ready.underway ? 'nextFriday' : 'firstFriday', { date: formatLongDate(ready.firstFriday, locale) })}</p>
                  {/* The email announces the first Friday with room and open, by the booking's rule (0077). */}
                  {ready.openFriday === null ? <p className="text-amber-900">{t('noOpenFriday', { year: ready.year })}</p> : null}
                  {ready.openFriday !== null && ready.openFriday !== ready.firstFriday
                    ? <p className="text-amber-900">{t('openFridayLater', { date: formatLongDate(ready.openFriday, locale) })}</p>
                    : null}
                  <p className="font-semibold">{t('recipients', { count: ready.recipients })}</p>
                  {ready.alreadyQueued > 0 ? <p className="text-gray-700">{t('alreadyQueued', { count: ready.alreadyQueued, year: ready.year })}</p> : null}
                  <p>
                    <a className="text-brand-800 underline" href={previewPath} target="_blank" rel="noopener">
                      {t('preview')} <span className="sr-only">{t('newTab')}</span>
                    </a>
                  </p>
                </div>
              ) : null}
              {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
              <div className="flex flex-wrap justify-end gap-2">
                <Dialog.Close asChild><Button type="button" variant="outline">{t('cancel')}</Button></Dialog.Close>
                <Button type="button" onClick={() => void send()} disabled={sending || !ready || ready.recipients === 0}>
                  {sending ? t('sending') : t('send', { count: ready?.recipients ?? 0 })}
                </Button>
              </div>
            </div>
          )}
          <DialogCloseButton label={t('close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
