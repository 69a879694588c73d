'use client';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, FormDialog } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import type { SpacingVariant, SpacingWindow } from '@/features/scheduling/visit-spacing';
import { FridayChoiceForm } from '@/features/scheduling/components/friday-choice-form';
import { useFridayChoice } from '@/features/scheduling/components/use-friday-choice';
import { formatCad, formatLongDate } from '@/lib/format';
import { useHydrated } from '@/lib/use-hydrated';
import { toTelHref } from '@/lib/phone';

type ApiAnswer<T> = { ok: boolean; status: number; body: (Partial<T> & { message?: string }) | null };

/** Calls the booking's own API in the page's language; a network failure is an answer without a body. */
async function callApi<T>(url: string, locale: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<ApiAnswer<T>> {
  try {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { 'x-locale': locale, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: init.signal,
      cache: 'no-store',
    });
    return { ok: res.ok, status: res.status, body: (await res.json().catch(() => null)) as ApiAnswer<T>['body'] };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

const bookingApi = (token: string) => `/api/manage-booking/${encodeURIComponent(token)}`;

/** Why a plan's list is narrower than the office's Fridays with room (0035); null for a one-visit booking. */
type Spacing = (SpacingWindow & { variant: SpacingVariant }) | null;

/** "Move this visit": the Fridays the office would offer (before their cut-off), one to pick, then the move. */
export function MoveVisitAction({ token, visitId, date, phone }: { token: string; visitId: number; date: string; phone: string }) {
  const t = useTranslations('manageBooking');
  const tAll = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const longDate = formatLongDate(date, locale);
  const day = (d: string | null | undefined) => (d ? formatLongDate(d, locale, { weekday: false }) : '');
  const { form, reset } = useFridayChoice<{ spacing: Spacing }>({
    openKey: open ? `${token}/${visitId}` : null,
    chooseMessage: t('errors.chooseDate'),
    load: async (signal) => {
      const { ok, body } = await callApi<{ dates: string[]; spacing: Spacing }>(`${bookingApi(token)}/visits/${visitId}/dates`, locale, { signal });
      return ok && Array.isArray(body?.dates) ? { ok: true, dates: body.dates, extra: { spacing: body.spacing ?? null } } : { ok: false, message: body?.message ?? null };
    },
    send: async (choice) => {
      const { ok, body } = await callApi<{ date: string }>(`${bookingApi(token)}/visits/${visitId}/move`, locale, { method: 'POST', body: { date: choice } });
      if (!ok) return body?.message ?? tAll('errors.generic');
      toast({ title: t('move.doneTitle'), description: t('move.doneBody', { date: formatLongDate(body?.date ?? choice, locale) }) });
      close();
      router.refresh();
      return null;
    },
  });
  const spacing = form.list.state === 'ready' ? form.list.spacing : null;

  const close = () => {
    setOpen(false);
    reset();
  };

  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        {t('move.button')}<span className="sr-only">{` ${longDate}`}</span>
      </Button>
      <FormDialog open={open} onClose={close} title={t('move.title', { date: longDate })} description={t('move.description')} closeLabel={t('close')}>
        <FridayChoiceForm
          id={id}
          {...form}
          intro={spacing ? (
            <p className="text-sm text-gray-700">
              {t(`move.spacing.${spacing.variant}`, {
                days: spacing.minIntervalDays, from: day(spacing.earliest), to: day(spacing.latest), previousDate: day(spacing.previous?.date), nextDate: day(spacing.next?.date),
              })}
            </p>
          ) : null}
          labels={{
            loading: t('move.loading'), loadFailed: t('move.loadFailed'),
            empty: <>{t('move.noDates')} <a className="font-semibold text-brand-800 underline" href={toTelHref(phone)}>{phone}</a></>,
            date: t('move.dateLabel'), choose: t('move.choose'), cancel: t('move.keep'), submit: t('move.submit'), submitting: t('move.saving'),
          }}
          onCancel={close}
        />
      </FormDialog>
    </>
  );
}

/** "Cancel my booking": the refund the terms give, read first and shown in a confirmation, then the cancellation. */
/** `byHand`: the office took the money in cash, by cheque or e-transfer (0103), so it hands the refund back. */
export function CancelBookingOnline({ token, bookingRef, byHand = false }: { token: string; bookingRef: string; byHand?: boolean }) {
  const t = useTranslations('manageBooking');
  const tAll = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const hydrated = useHydrated();
  const [refundCents, setRefundCents] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = async () => {
    if (busy) return;
    setBusy(true);
    const { ok, body } = await callApi<{ refundCents: number }>(`${bookingApi(token)}/cancel`, locale);
    setBusy(false);
    if (ok && typeof body?.refundCents === 'number') setRefundCents(body.refundCents);
    else toast({ title: t('cancel.failedTitle'), description: body?.message ?? tAll('errors.generic'), variant: 'destructive' });
  };

  const confirm = async () => {
    setRefundCents(null);
    setBusy(true);
    const { ok, body } = await callApi<{ refundCents: number; refundStatus: string }>(`${bookingApi(token)}/cancel`, locale, { method: 'POST' });
    setBusy(false);
    if (ok && typeof body?.refundCents === 'number') {
      const amount = formatCad(body.refundCents, locale);
      toast({ title: t('cancel.doneTitle'), description: body.refundCents > 0 ? t(byHand ? 'cancel.doneRefundByHand' : 'cancel.doneRefund', { amount }) : t('cancel.doneNoRefund') });
      router.refresh();
      return;
    }
    toast({ title: t('cancel.failedTitle'), description: body?.message ?? tAll('errors.generic'), variant: 'destructive' });
    router.refresh();
  };

  return (
    <>
      {/* Not disabled while it asks or cancels: a disabled button drops keyboard focus to the page's
          top before the dialog opens, and the dialog could not give it back afterwards. */}
      <Button type="button" variant="destructive" disabled={!hydrated} aria-disabled={busy || undefined} onClick={() => void ask()}>
        {busy ? t('cancel.working') : t('cancel.button')}
      </Button>
      <ConfirmDialog
        open={refundCents !== null}
        onClose={() => setRefundCents(null)}
        title={t('cancel.confirmTitle', { reference: bookingRef })}
        cancelLabel={t('cancel.keep')}
        confirmLabel={t('cancel.confirm')}
        onConfirm={() => void confirm()}
      >
        <p>{t('cancel.confirmBody')}</p>
        <p className="font-semibold">{refundCents !== null && refundCents > 0 ? t(byHand ? 'cancel.confirmRefundByHand' : 'cancel.confirmRefund', { amount: formatCad(refundCents, locale) }) : t('cancel.confirmNoRefund')}</p>
      </ConfirmDialog>
    </>
  );
}
