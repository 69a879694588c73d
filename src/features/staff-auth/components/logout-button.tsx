'use client';
import { LogOut } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

export function LogoutButton({ afterHref }: { afterHref: string }) {
  const t = useTranslations('staffAuth');
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await fetch('/api/auth/logout', { method: 'POST', credentials: 'include' }).catch(() => null);
        toast({ title: t('loggedOutTitle'), description: t('loggedOutBody') });
        // A client-side navigation keeps the toast on screen; the server renders the login form
        // because the session cookie is gone.
        router.replace(afterHref);
        router.refresh();
      }}
    >
      <LogOut aria-hidden className="h-4 w-4" />
      {/* Icon only on phones, so the staff bar stays two lines high; the name is always read out. */}
      <span className="max-sm:sr-only">{t('logout')}</span>
    </Button>
  );
}
