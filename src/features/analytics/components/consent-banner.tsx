'use client';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { configureAnalytics, loadPixels, readConsent, storeConsent } from '../analytics';

/**
 * Asks before any advertising pixel loads (DECISIONS §11). Rendered by the layout only when an
 * id is configured; nothing loads until the visitor accepts, and the choice is remembered.
 */
export type ConsentBannerLabels = { bannerLabel: string; bannerText: string; decline: string; accept: string };

export function ConsentBanner({ metaPixelId, googleAdsId, labels }: {
  metaPixelId?: string | null; googleAdsId?: string | null; labels: ConsentBannerLabels;
}) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    configureAnalytics({ metaPixelId, googleAdsId });
    const choice = readConsent();
    if (choice === 'granted') loadPixels();
    // Reading localStorage only after mount keeps server and client markup identical.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    else if (choice === null) setOpen(true);
  }, [metaPixelId, googleAdsId]);

  if (!open) return null;
  return (
    <div role="region" aria-label={labels.bannerLabel} className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white p-4 shadow-lg">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-700">{labels.bannerText}</p>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" onClick={() => { storeConsent('denied'); setOpen(false); }}>{labels.decline}</Button>
          <Button onClick={() => { storeConsent('granted'); setOpen(false); }}>{labels.accept}</Button>
        </div>
      </div>
    </div>
  );
}
