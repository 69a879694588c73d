'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { type BookingFormValues, toFormServiceType } from '../booking.schema';
import { BookingForm, type PricingProps, type ScheduleProps } from './booking-form';

const SECTION_HASHES = ['#schedule', '#appointment-section'];

type PlanEvent = { serviceType: BookingFormValues['serviceType']; discountCode: string | null; at: number };

/** Reads SPEC's stored selection (selectedServiceType / selectedPlanId 1 onetime, 2 seasonal, 3 tick). */
function readStoredServiceType(): BookingFormValues['serviceType'] | null {
  try {
    const stored = toFormServiceType(window.localStorage.getItem('selectedServiceType'));
    if (stored) return stored;
    const plan = window.localStorage.getItem('selectedPlanId');
    return plan === '1' ? 'onetime' : plan === '2' ? 'seasonal' : plan === '3' ? 'tick' : null;
  } catch {
    return null;
  }
}

/**
 * The landing page's booking section: hidden until a plan is picked (planSelected) or the URL hash
 * targets it (#schedule, #appointment-section), as SPEC §2 describes.
 */
export function BookingSectionIsland({ pricing, schedule, pathPrefix, businessName }: { pricing: PricingProps; schedule: ScheduleProps; pathPrefix: string; businessName: string }) {
  const t = useTranslations('booking');
  const [open, setOpen] = useState(false);
  const [planEvent, setPlanEvent] = useState<PlanEvent | null>(null);
  const sectionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const stored = readStoredServiceType();
    const openFromHash = () => {
      if (SECTION_HASHES.includes(window.location.hash)) setOpen(true);
    };
    const onPlan = (event: Event) => {
      const detail = (event as CustomEvent<{ serviceType?: string; discountCode?: string }>).detail ?? {};
      const serviceType = toFormServiceType(detail.serviceType);
      if (serviceType) setPlanEvent({ serviceType, discountCode: detail.discountCode ?? null, at: Date.now() });
      setOpen(true);
      // The plan buttons already scroll to the quote calculator just above; scrolling here too would
      // fight that, so the section only scrolls itself into view on a page without the calculator.
      if (!document.getElementById('quote')) {
        window.setTimeout(() => sectionRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 100);
      }
    };
    // Browser-only state (hash, stored selection) is read after hydration so the server markup matches.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (stored) setPlanEvent({ serviceType: stored, discountCode: null, at: 0 });
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    window.addEventListener('planSelected', onPlan);
    return () => {
      window.removeEventListener('hashchange', openFromHash);
      window.removeEventListener('planSelected', onPlan);
    };
  }, []);

  return (
    <section ref={sectionRef} id="appointment-section" hidden={!open} aria-labelledby="schedule-heading" className="bg-white px-4 py-16">
      <div id="schedule" className="mx-auto max-w-3xl">
        <h2 id="schedule-heading" className="text-3xl font-bold">{t('section.title')}</h2>
        <p className="mt-2 text-gray-700">{t('section.intro')}</p>
        <div className="mt-8 rounded-xl border border-gray-200 p-6 shadow-sm">
          <BookingForm variant="section" pricing={pricing} schedule={schedule} pathPrefix={pathPrefix} businessName={businessName} planEvent={planEvent} />
        </div>
      </div>
    </section>
  );
}
