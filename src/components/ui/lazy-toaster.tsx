'use client';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * Mounts the Radix toaster the first time it is needed: when a toast is raised or F8 asks for the
 * notification region. Until then no toast code is part of the page's first load; toasts follow a
 * server answer, so the few milliseconds the chunk takes to arrive go unnoticed.
 */
export function LazyToaster({ closeLabel, regionLabel }: { closeLabel: string; regionLabel: string }) {
  const toasts = useToasts();
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F8') return;
      setWanted(true);
      // Radix listens for F8 once mounted; on the very first press focus the region ourselves.
      window.setTimeout(() => document.querySelector<HTMLElement>('[data-toast-viewport]')?.focus(), 50);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Once mounted it stays, so a closing toast can animate out.
  if (!wanted && toasts.length > 0) setWanted(true);
  if (!wanted && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster closeLabel={closeLabel} regionLabel={regionLabel} />
    </Suspense>
  );
}
