'use client';
import { LogOut } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

export function LogoutButton({ afterHref }: { afterHref: string }) {
  const t = useTranslations('staffAuth');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await fetch('/api/auth/logout', { method: 'POST', credentials: 'include' }).catch(() => null);
        toast({ title: t('loggedOutTitle'), description: t('loggedOutBody') });
        window.setTimeout(() => window.location.assign(afterHref), 600);
      }}
    >
      <LogOut aria-hidden className="h-4 w-4" />
      {t('logout')}
    </Button>
  );
}
