'use client';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { LoadFailure } from './route-load';

/**
 * Says that a day could not be read, instead of an empty day: "Try again" reads it again; after a
 * sign-in that ended, "Sign in again" loads the page anew, which leads to the login form.
 */
export function LoadFailureAlert({ failure, onRetry, className }: { failure: LoadFailure; onRetry: () => void; className?: string }) {
  const t = useTranslations('routing');
  const session = failure === 'session';
  return (
    <div role="alert" className={cn('flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900', className)}>
      <p className="text-sm font-medium">{t(session ? 'sessionEnded' : 'loadFailed')}</p>
      <Button type="button" variant="outline" onClick={session ? () => window.location.reload() : onRetry}>
        {t(session ? 'signInAgain' : 'retry')}
      </Button>
    </div>
  );
}
