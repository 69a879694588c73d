'use client';
import { useEffect } from 'react';

const SETTLE_MS = 3000;

/**
 * Keeps a hash link on target while the landing page's deferred islands arrive: an island that
 * loads above the target (the calculator, say) changes the page height mid-scroll. For a few
 * seconds after a hash navigation, each size change re-aligns the target, until the visitor
 * scrolls or types themselves.
 */
export function HashSettle() {
  useEffect(() => {
    let until = 0;
    let frame = 0;
    const main = document.getElementById('main') ?? document.body;
    const arm = () => { if (window.location.hash.length > 1) until = performance.now() + SETTLE_MS; };
    const disarm = () => { until = 0; };
    const realign = () => {
      if (performance.now() > until) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
        if (!target) return;
        const top = target.getBoundingClientRect().top;
        const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
        // Only correct a real miss; a smooth scroll still on its way lands by itself.
        if (Math.abs(top - margin) > 4) target.scrollIntoView({ behavior: 'auto', block: 'start' });
      });
    };
    const observer = new ResizeObserver(realign);
    observer.observe(main);
    arm();
    window.addEventListener('hashchange', arm);
    for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const) window.addEventListener(type, disarm, { passive: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('hashchange', arm);
      for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const) window.removeEventListener(type, disarm);
    };
  }, []);
  return null;
}
