'use client';
import { useLocale, useTranslations } from 'next-intl';
import { AlertDialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { RecordActionButton } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { formatCad, formatShortDateTime } from '@/lib/format';
import { useHydrated } from '@/lib/use-hydrated';
import type { QuoteFollowUpPreview, QuoteFollowUpResult } from '../quote-follow-up.service';

const PANEL_CLASS = 'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl';

type PreviewState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; preview: QuoteFollowUpPreview };

/** "French", "anglais": a language's name in the reader's language. */
function nameLanguage(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * "Send again" on a quote card of /quotes-admin (docs/decisions/0059): the dialog reads what the
 * follow-up would do now (recipient, language, the quote's total and today's, the last follow-up,
 * or why it cannot go) and sends only the total it showed. The card takes the answer; a toast says
 * how it went, and focus goes back to the button.
 */
export function QuoteFollowUpAction({ quoteId, recordName, onSent }: { quoteId: number; recordName: string; onSent: (result: QuoteFollowUpResult) => void }) {
  const t = useTranslations('quotesAdmin.followUp');
  const locale = useLocale();
  const hydrated = useHydrated();
  const returnFocus = useReturnFocus();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<PreviewState>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  // The preview a dialog asked for; an answer arriving after it closed or reopened is dropped.
  const asked = useRef(0);
  const path = `/api/admin/quotes/${quoteId}/follow-up`;
  const money = (cents: number) => formatCad(cents, locale);

  const openDialog = () => {
    const request = ++asked.current;
    setState({ status: 'loading' });
    setOpen(true);
    void callStaffApi<QuoteFollowUpPreview>(path).then((answer) => {
      if (request !== asked.current) return;
      if (answer.ok && answer.body && typeof answer.body.quoteId === 'number') setState({ status: 'ready', preview: answer.body });
      else setState({ status: 'failed', message: answer.body?.message ?? t('loadFailed') });
    });
  };

  const close = () => {
    asked.current += 1;
    setOpen(false);
  };

  const send = async (expectedTotalCents: number) => {
    close();
    setBusy(true);
    const answer = await callStaffApi<QuoteFollowUpResult>(path, { method: 'POST', body: { expectedTotalCents } });
    setBusy(false);
    const result = answer.body;
    if (answer.ok && result?.status === 'sent') {
      onSent(result);
      toast({
        title: t('doneTitle'),
        description: result.quotedTotalCents === null
          ? t('doneBody', { id: quoteId, email: result.to })
          : t('doneBodyNewPrice', { id: quoteId, email: result.to, total: money(result.totalCents) }),
      });
      return;
    }
    toast({ variant: 'destructive', title: t('failedTitle'), description: result?.message ?? t('failed') });
  };

  const preview = state.status === 'ready' ? state.preview : null;
  const sendable = preview !== null && preview.refusal === null && preview.to !== null && preview.currentTotalCents !== null;

  return (
    <>
      <RecordActionButton label={busy ? t('sending') : t('action')} recordName={recordName} disabled={!hydrated || busy} onClick={openDialog} />
      <AlertDialog.Root open={open} onOpenChange={(next) => { if (!next) close(); }}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <AlertDialog.Content className={PANEL_CLASS} {...returnFocus}>
            <AlertDialog.Title className="text-xl font-semibold">{t('dialogTitle', { id: quoteId })}</AlertDialog.Title>
            <AlertDialog.Description asChild>
              <div className="mt-2 space-y-2 text-sm text-gray-700" aria-busy={state.status === 'loading' || undefined}>
                {state.status === 'loading' ? <p role="status">{t('loading')}</p> : null}
                {state.status === 'failed' ? <p role="alert" className="font-medium text-red-700">{state.message}</p> : null}
                {preview ? <FollowUpFacts preview={preview} money={money} /> : null}
              </div>
            </AlertDialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <Button type="button" variant="outline">{t('cancel')}</Button>
              </AlertDialog.Cancel>
              <Button type="button" disabled={!sendable} onClick={() => { if (preview?.currentTotalCents != null) void send(preview.currentTotalCents); }}>
                {t('confirm')}
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}

/** What the dialog says once the preview is read: why not, or to whom, in which language, at which total. */
function FollowUpFacts({ preview, money }: { preview: QuoteFollowUpPreview; money: (cents: number) => string }) {
  const t = useTranslations('quotesAdmin.followUp');
  const locale = useLocale();
  const current = preview.currentTotalCents;
  const lastSent = preview.lastSentAt ? formatShortDateTime(preview.lastSentAt, locale) : null;
  return (
    <>
      {preview.refusal ? <p role="alert" className="font-medium text-red-700">{preview.refusal.message}</p> : null}
      {preview.to ? <p>{t('recipient', { email: preview.to, language: nameLanguage(preview.locale, locale) })}</p> : null}
      {current === null || preview.refusal ? null : current === preview.quotedTotalCents ? (
        <p>{t('samePrice', { total: money(current) })}</p>
      ) : (
        <div className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p className="font-medium">{t('priceChanged', { quoted: money(preview.quotedTotalCents), current: money(current) })}</p>
          <p>{t('priceChangedEmail', { current: money(current) })}</p>
        </div>
      )}
      {lastSent ? (
        <p className="text-gray-600">
          {preview.lastSentByName
            ? t('lastSent', { date: lastSent, name: preview.lastSentByName, count: preview.followUpCount })
            : t('lastSentNoName', { date: lastSent, count: preview.followUpCount })}
        </p>
      ) : null}
      {preview.refusal ? null : <p>{t('consentNote')}</p>}
    </>
  );
}
