'use client';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * "Withdraw request" beside an open re-treatment request on the customer's page (docs/decisions/0051):
 * asks first, then withdraws the request the page shows. Refused (the office answered meanwhile,
 * 409), the customer reads why and the page is read again, showing the answer.
 */
export function RetreatmentWithdrawAction({ token, requestId }: { token: string; requestId: number }) {
  const t = useTranslations('retreatments.manage.withdraw');
  const tAll = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const hydrated = useHydrated();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const withdraw = async () => {
    setAsking(false);
    setBusy(true);
    const answer = await fetch(`/api/manage-booking/${encodeURIComponent(token)}/retreatment/withdraw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-locale': locale },
      body: JSON.stringify({ requestId }),
      cache: 'no-store',
    }).then(async (res) => ({ ok: res.ok, body: (await res.json().catch(() => null)) as { message?: string } | null }))
      .catch(() => ({ ok: false, body: null }));
    setBusy(false);
    if (answer.ok) toast({ title: t('doneTitle'), description: t('done') });
    else toast({ variant: 'destructive', title: t('failedTitle'), description: answer.body?.message || tAll('errors.generic') });
    router.refresh();
  };

  return (
    <>
      <Button type="button" variant="outline" disabled={!hydrated || busy} onClick={() => setAsking(true)}>
        {busy ? t('working') : t('button')}
      </Button>
      <ConfirmDialog open={asking} onClose={() => setAsking(false)} title={t('confirmTitle')} cancelLabel={t('keep')} confirmLabel={t('confirm')} onConfirm={() => void withdraw()}>
        <p>{t('confirmBody')}</p>
      </ConfirmDialog>
    </>
  );
}
