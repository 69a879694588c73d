'use client';
import { LogOut } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import {
  findDaySheetDevice, listWaitingChanges, openDaySheetStore, removeDaySheetFromDevice,
} from '@/features/routing/components/day-sheet-on-device';
import type { QueuedStopChange } from '@/features/routing/components/stop-outbox';

/**
 * Logout. A shared phone keeps nothing of the day sheet for the next person (docs/decisions/0048):
 * the sheet's saved days, its outbox, its service worker and kept page go with the sign-in. Changes
 * made on the sheet that have not reached the office would go too, so the logout asks first,
 * naming them, and "Stay signed in" is the way out.
 */
export function LogoutButton({ afterHref, staffUserId }: { afterHref: string; staffUserId: number }) {
  const t = useTranslations('staffAuth');
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  // The changes waiting when Logout was pressed: the question is open while set.
  const [waiting, setWaiting] = useState<QueuedStopChange[] | null>(null);
  const router = useRouter();

  const logOut = async () => {
    setBusy(true);
    await fetch('/api/auth/logout', { method: 'POST', credentials: 'include' }).catch(() => null);
    // After the sign-in ended, so that the sheet cannot save the day again meanwhile.
    await removeDaySheetFromDevice(staffUserId, findDaySheetDevice());
    toast({ title: t('loggedOutTitle'), description: t('loggedOutBody') });
    // A client-side navigation keeps the toast on screen; the server renders the login form
    // because the session cookie is gone.
    router.replace(afterHref);
    router.refresh();
  };

  const askFirst = () => {
    const changes = listWaitingChanges(openDaySheetStore(), staffUserId);
    if (changes.length > 0) setWaiting(changes);
    else void logOut();
  };

  const confirm = () => {
    if (!waiting) return;
    // Another tab added a change while the question was open: not deleted unasked (Logout asks again).
    const known = new Set(waiting.map((change) => change.id));
    if (listWaitingChanges(openDaySheetStore(), staffUserId).some((change) => !known.has(change.id))) return;
    void logOut();
  };

  const count = waiting?.length ?? 0;
  const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format([...new Set((waiting ?? []).map((change) => change.name))]);
  return (
    <>
      <Button variant="outline" size="sm" disabled={busy} onClick={askFirst}>
        <LogOut aria-hidden className="h-4 w-4" />
        {/* Icon only on phones, so the staff bar stays two lines high; the name is always read out. */}
        <span className="max-sm:sr-only">{t('logout')}</span>
      </Button>
      <ConfirmDialog
        open={waiting !== null}
        onClose={() => setWaiting(null)}
        title={t('logoutWaiting.title', { count })}
        cancelLabel={t('logoutWaiting.stay')}
        confirmLabel={t('logoutWaiting.confirm')}
        onConfirm={confirm}
      >
        <p>{t('logoutWaiting.names', { names })}</p>
        <p>{t('logoutWaiting.body', { count })}</p>
      </ConfirmDialog>
    </>
  );
}
