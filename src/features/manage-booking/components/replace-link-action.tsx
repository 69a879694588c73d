'use client';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ConfirmDialog, RecordActionButton } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * "Replace the customer's link" on a booking of the staff customer page (docs/decisions/0050):
 * asks first, then every link sent before stops opening the booking and the customer is emailed
 * the new one. The page reads again, with who replaced it and when.
 */
export function ReplaceManageLinkAction({ bookingRef }: { bookingRef: string }) {
  const t = useTranslations('manageBooking.replace');
  const router = useRouter();
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const replace = async () => {
    setConfirming(false);
    setBusy(true);
    const { ok, body } = await callStaffApi<{ to?: string }>(`/api/admin/bookings/${encodeURIComponent(bookingRef)}/manage-link`, { method: 'POST' });
    setBusy(false);
    if (ok && body?.to) {
      toast({ title: t('doneTitle'), description: t('doneBody', { reference: bookingRef, email: body.to }) });
      router.refresh();
      return;
    }
    toast({ variant: 'destructive', title: t('failed'), description: body?.message ?? undefined });
  };

  return (
    <>
      <RecordActionButton label={t('action')} recordName={bookingRef} disabled={!hydrated || busy} onClick={() => setConfirming(true)} />
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('dialogTitle', { reference: bookingRef })}
        cancelLabel={t('cancel')}
        confirmLabel={t('confirm')}
        onConfirm={() => void replace()}
      >
        <p>{t('dialogBody')}</p>
        <p>{t('dialogEmail')}</p>
      </ConfirmDialog>
    </>
  );
}
