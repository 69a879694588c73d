'use client';
import dynamic from 'next/dynamic';
import { type ComponentProps, useCallback, useEffect, useRef, useState } from 'react';
import type { BookingSectionIsland } from '@/features/booking/components/booking-section-island';

type IslandProps = ComponentProps<typeof BookingSectionIsland>;

const SECTION_HASHES = new Set(['schedule', 'appointment-section']);

/** The anchors the booking block owns, present (hidden, as SPEC's section is) before its code arrives. */
function BookingShell() {
  return (
    <section id="appointment-section" hidden>
      <div id="schedule" />
    </section>
  );
}

// The booking form (its schema library, date rules and pricing) is the heaviest island on the page;
// SPEC keeps it hidden until a plan is picked or its hash is opened, so it is fetched only then.
const BookingIsland = dynamic(
  () => Promise.all([import('@/i18n/with-island-intl'), import('@/features/booking/components/booking-section-island')]).then(([intl, m]) => {
    const Island = intl.withIslandIntl(m.BookingSectionIsland);
    function Loaded({ onReady, ...props }: IslandProps & { onReady: () => void }) {
      // Runs after the island's own effects, so its planSelected listener is in place.
      useEffect(() => { onReady(); }, [onReady]);
      return <Island {...props} />;
    }
    return Loaded;
  }),
  { ssr: false, loading: () => <BookingShell /> },
);

/**
 * Renders the booking block of the booking feature (`BookingSectionIsland`) on demand: on a
 * `planSelected` event (replayed once the island has mounted, so the selection reaches it) or on
 * #schedule / #appointment-section.
 */
export function LazyBookingSection(props: IslandProps) {
  const [load, setLoad] = useState(false);
  const pending = useRef<unknown>(null);

  useEffect(() => {
    if (load) return;
    const onPlan = (event: Event) => {
      pending.current = (event as CustomEvent).detail ?? {};
      setLoad(true);
    };
    const onHash = () => { if (SECTION_HASHES.has(decodeURIComponent(window.location.hash.slice(1)))) setLoad(true); };
    window.addEventListener('planSelected', onPlan);
    window.addEventListener('hashchange', onHash);
    // Deferred a tick so hydration finishes before the island is requested.
    const timer = setTimeout(onHash, 0);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('planSelected', onPlan);
      window.removeEventListener('hashchange', onHash);
    };
  }, [load]);

  const replay = useCallback(() => {
    if (pending.current === null) return;
    const detail = pending.current;
    pending.current = null;
    window.dispatchEvent(new CustomEvent('planSelected', { detail }));
  }, []);

  return load ? <BookingIsland {...props} onReady={replay} /> : <BookingShell />;
}
