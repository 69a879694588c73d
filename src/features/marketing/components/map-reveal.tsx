'use client';
import { type ReactNode, useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** SPEC: 'Loading map...' first, the map after 1 second, in a box of fixed proportions (no layout shift). */
export function MapReveal({ loadingLabel, children }: { loadingLabel: string; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 1000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="relative aspect-[16/10] w-full overflow-hidden rounded-xl border border-gray-200 bg-sky-50">
      {ready ? children : <div className="flex h-full items-center justify-center"><Spinner label={loadingLabel} /></div>}
    </div>
  );
}
