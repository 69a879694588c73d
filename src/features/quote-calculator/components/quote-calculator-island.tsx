'use client';
import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { PlanSelectionDetail } from '../calculator-options';
import type { CalculatorSettings } from '../calculator-settings';
import { hasPrefill } from '../prefill-keys';
import type { PlanSelectionSignal } from './quote-calculator';

const PLACEHOLDER_CLASS = 'flex min-h-[60rem] items-start justify-center pt-16 lg:min-h-[44rem]';

// Same box while the chunk downloads, so nothing below jumps.
const QuoteCalculator = dynamic(
  () => Promise.all([import('@/i18n/with-island-intl'), import('./quote-calculator')]).then(([intl, m]) => intl.withIslandIntl(m.QuoteCalculator)),
  {
    ssr: false,
    loading: () => <div className={PLACEHOLDER_CLASS}><Spinner /></div>,
  },
);

/** Hashes that land on or right next to the calculator: load it at once so the scroll lands on the real form. */
const NEAR_HASHES = new Set(['quote', 'quote-section', 'schedule', 'appointment-section']);

/**
 * Loads the calculator (its form library, schema and pricing engine) only when it is about to
 * scroll into view, when the page was opened for it (hash, prefill query), or when a plan is
 * picked elsewhere; a `planSelected` event that arrives before it loads is replayed to it.
 */
export function QuoteCalculatorIsland({ settings, loadingLabel }: { settings: CalculatorSettings; loadingLabel: string }) {
  const [load, setLoad] = useState(false);
  const [selection, setSelection] = useState<PlanSelectionSignal | null>(null);
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onPlanSelected = (event: Event) => {
      const detail = ((event as CustomEvent<PlanSelectionDetail>).detail ?? {}) as PlanSelectionDetail;
      setSelection((prev) => ({ detail, seq: (prev?.seq ?? 0) + 1 }));
      setLoad(true);
    };
    window.addEventListener('planSelected', onPlanSelected);
    return () => window.removeEventListener('planSelected', onPlanSelected);
  }, []);

  useEffect(() => {
    if (load) return;
    const hash = decodeURIComponent(window.location.hash.slice(1));
    if (NEAR_HASHES.has(hash) || hasPrefill(new URLSearchParams(window.location.search))) {
      // Deferred a tick so hydration finishes first.
      const timer = setTimeout(() => setLoad(true), 0);
      return () => clearTimeout(timer);
    }
    const node = placeholder.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      const timer = setTimeout(() => setLoad(true), 0);
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setLoad(true);
    }, { rootMargin: '800px 0px' });
    observer.observe(node);
    const onHash = () => { if (NEAR_HASHES.has(window.location.hash.slice(1))) setLoad(true); };
    window.addEventListener('hashchange', onHash);
    return () => { observer.disconnect(); window.removeEventListener('hashchange', onHash); };
  }, [load]);

  if (load) return <QuoteCalculator settings={settings} selection={selection} />;
  return (
    <div ref={placeholder} className={PLACEHOLDER_CLASS}>
      <Spinner label={loadingLabel} />
    </div>
  );
}
