'use client';
import type { ReactNode } from 'react';

const PLAN_IDS: Record<string, number> = { onetime: 1, seasonal: 2, 'tick-seasonal': 3 };

/**
 * A plan card's button: remembers and broadcasts the choice (SPEC `planSelected`,
 * `selectedServiceType` / `selectedPlanId`), then scrolls to the calculator, or goes to /#quote
 * when the page has none.
 */
export function PlanButton({ serviceType, quotePath, className, children }: { serviceType: string; quotePath: string; className?: string; children: ReactNode }) {
  const select = () => {
    const planId = PLAN_IDS[serviceType];
    try {
      if (planId) {
        localStorage.setItem('selectedServiceType', serviceType);
        localStorage.setItem('selectedPlanId', String(planId));
      }
    } catch { /* storage disabled: the event below still selects the plan */ }
    window.dispatchEvent(new CustomEvent('planSelected', { detail: planId ? { serviceType, planId } : { serviceType } }));
    const target = document.getElementById('quote-section');
    if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else window.location.assign(quotePath);
  };
  return <button type="button" onClick={select} className={className}>{children}</button>;
}

/** 'View Special Offer': reopens the midseason popup through its global show function. */
export function SpecialOfferButton({ className, children }: { className?: string; children: ReactNode }) {
  return <button type="button" className={className} onClick={() => window.showMidseasonPromo?.()}>{children}</button>;
}
