'use client';
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import type { PromoTexts } from './midseason-promo-dialog';

const MidseasonPromoDialog = dynamic(() => import('./midseason-promo-dialog').then((m) => m.MidseasonPromoDialog), { ssr: false });

declare global {
  interface Window { showMidseasonPromo?: () => void }
}

export const PROMO_SEEN_KEY = 'hasSeenPromo';

function readSeen(): boolean {
  try { return sessionStorage.getItem(PROMO_SEEN_KEY) !== null; } catch { return false; }
}
function writeSeen(seen: boolean) {
  try {
    if (seen) sessionStorage.setItem(PROMO_SEEN_KEY, 'true');
    else sessionStorage.removeItem(PROMO_SEEN_KEY);
  } catch { /* storage disabled: the popup simply shows again next time */ }
}

/**
 * SPEC "Midseason popup": shown the first time #pricing scrolls into view in a session (then the
 * flag is stored), and on demand through `window.showMidseasonPromo()` ('View Special Offer'),
 * which clears the flag. The dialog's code is fetched only when it is about to show.
 */
export function PromoHost({ texts, quotePath }: { texts: PromoTexts; quotePath: string }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    window.showMidseasonPromo = () => { writeSeen(false); setOpen(true); };
    const pricing = document.getElementById('pricing');
    let observer: IntersectionObserver | null = null;
    if (pricing && typeof IntersectionObserver !== 'undefined' && !readSeen()) {
      observer = new IntersectionObserver((entries) => {
        if (!entries.some((e) => e.isIntersecting) || readSeen()) return;
        writeSeen(true);
        setOpen(true);
        observer?.disconnect();
      });
      observer.observe(pricing);
    }
    return () => { observer?.disconnect(); delete window.showMidseasonPromo; };
  }, []);

  return open ? <MidseasonPromoDialog texts={texts} quotePath={quotePath} onClosed={() => setOpen(false)} /> : null;
}
