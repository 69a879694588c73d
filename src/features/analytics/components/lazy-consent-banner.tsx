'use client';
import dynamic from 'next/dynamic';

/**
 * The banner shows only after mount (it reads the stored choice), so its code need not be part of
 * the first load: it arrives in its own chunk once the page is interactive.
 */
export const LazyConsentBanner = dynamic(() => import('./consent-banner').then((m) => m.ConsentBanner), { ssr: false });
