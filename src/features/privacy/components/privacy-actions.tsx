'use client';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { formatCad, formatShortDateTime } from '@/lib/format';
import { useHydrated } from '@/lib/use-hydrated';
import type { ErasurePreview, ErasureResult, PrivacyPanel } from '../privacy.service';

/**
 * The staff customer page's "Personal information" block (docs/decisions/0049): the access
 * request's download, and the deletion request. "Delete" reads what would go and what the law
 * makes the business keep, with this customer's counts, and asks in a dialog. While something is
 * still open the delete button is off and the reasons are listed under it; once done, who deleted
 * the data and when.
 */
export function PrivacyActions({ customerId, name, panel }: { customerId: number; name: string; panel: PrivacyPanel }) {
  const t = useTranslations('privacy');
  const tAll = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const hydrated = useHydrated();
  const id = useId();
  const [preview, setPreview] = useState<ErasurePreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'loading' | 'deleting' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { erasure } = panel;
  // A refusal found when the dialog was asked for (a booking made since the page loaded) counts too.
  const refusals = preview?.refusals.length ? preview.refusals : panel.refusals;
  const path = `/api/admin/customers/${customerId}/personal-data`;
  const scope = preview?.scope ?? null;

  const ask = async () => {
    setFailure(null);
    setBusy('loading');
    const { ok, body } = await callStaffApi<ErasurePreview>(`${path}/preview`);
    setBusy(null);
    if (ok && body?.scope) {
      setPreview(body);
      setConfirming(body.refusals.length === 0);
    } else {
      setFailure(body?.message ?? t('failed'));
    }
  };

  const erase = async () => {
    setConfirming(false);
    setBusy('deleting');
    setFailure(null);
    const { ok, body } = await callStaffApi<ErasureResult>(path, { method: 'DELETE' });
    setBusy(null);
    if (ok) {
      toast({ title: t('done') });
      router.refresh();
      return;
    }
    setFailure(body?.message ?? t('failed'));
  };

  const erasedLine = erasure
    ? t(erasure.reason === 'retention' ? 'erased.retention' : erasure.byName ? 'erased.request' : 'erased.requestUnknown', {
      date: formatShortDateTime(erasure.erasedAt, locale) ?? '', name: erasure.byName ?? '',
    })
    : null;

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-gray-200 p-3 text-sm">
      <h2 id={`${id}-heading`} className="font-semibold">{t('heading')}</h2>
      <p className="mt-1 text-gray-700">{erasedLine ?? t('intro')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={path} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>{t('download')}</a>
        {erasure ? null : (
          <Button
            type="button"
            variant="destructive"
            size="sm"
            disabled={!hydrated || busy !== null || refusals.length > 0}
            aria-describedby={refusals.length > 0 ? `${id}-refusals` : undefined}
            onClick={() => void ask()}
          >
            {busy === 'deleting' ? t('deleting') : busy === 'loading' ? t('loading') : t('delete')}
          </Button>
        )}
      </div>
      {refusals.length > 0 ? (
        <div id={`${id}-refusals`} className="mt-2 text-gray-800">
          <p>{t('cannotDelete')}</p>
          <ul className="mt-1 list-disc pl-5">{refusals.map((key) => <li key={key}>{tAll(key)}</li>)}</ul>
        </div>
      ) : null}
      {failure ? <p role="alert" className="mt-2 text-red-700">{failure}</p> : null}
      {scope ? (
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={t('confirm.title', { name })}
          cancelLabel={t('confirm.cancel')}
          confirmLabel={t('confirm.confirm')}
          onConfirm={() => void erase()}
        >
          <p>{t('confirm.intro')}</p>
          <h3 className="pt-1 font-semibold text-ink">{t('confirm.deletedHeading')}</h3>
          <ul className="list-disc space-y-1 pl-5">
            <li>{t('confirm.deleted.contact', { visits: scope.anonymised.visits })}</li>
            <li>{t('confirm.deleted.records', { quotes: scope.deleted.quotes, messages: scope.deleted.messages, emails: scope.deleted.emails })}</li>
            {scope.deleted.retreatmentRequests > 0 ? <li>{t('confirm.deleted.retreatments', { count: scope.deleted.retreatmentRequests })}</li> : null}
            <li>{t('confirm.deleted.other')}</li>
          </ul>
          <h3 className="pt-1 font-semibold text-ink">{t('confirm.taxHeading')}</h3>
          <ul className="list-disc space-y-1 pl-5">
            <li>{t('confirm.kept.payments', { count: scope.kept.paymentsReceived, amount: formatCad(scope.kept.receivedCents, locale) })}</li>
            {scope.kept.refundsMade > 0 ? <li>{t('confirm.kept.refunds', { count: scope.kept.refundsMade, amount: formatCad(scope.kept.refundedCents, locale) })}</li> : null}
            <li>{t('confirm.kept.visits')}</li>
          </ul>
          {scope.anonymised.applicationRecords > 0 ? (
            <>
              <h3 className="pt-1 font-semibold text-ink">{t('confirm.pesticideHeading')}</h3>
              <ul className="list-disc space-y-1 pl-5">
                <li>{t('confirm.kept.applications', { count: scope.anonymised.applicationRecords })}</li>
              </ul>
            </>
          ) : null}
          <p className="pt-1">{t('confirm.footer')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
