'use client';
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Makes a below-the-fold island cheap: its JavaScript is fetched only when the spot comes near the
 * viewport (or its hash is opened). Until then the server-rendered `children` stand in, drawn to
 * the same size, so the page neither waits for nor jumps when the island arrives.
 */
export function createDeferredIsland<P extends object>(load: () => Promise<ComponentType<P>>, anchorIds: readonly string[] = []) {
  return function DeferredIsland({ children, ...props }: P & { children?: ReactNode }) {
    const [Island, setIsland] = useState<ComponentType<P> | null>(null);
    const ref = useRef<HTMLDivElement>(null);

    useEffect(() => {
      if (Island) return;
      let cancelled = false;
      const start = () => {
        cleanup();
        load().then((component) => { if (!cancelled) setIsland(() => component); }).catch((error: unknown) => {
          console.error('An interactive part of the page failed to load', error);
        });
      };
      const onHash = () => { if (anchorIds.includes(decodeURIComponent(window.location.hash.slice(1)))) start(); };
      const observer = typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) start(); }, { rootMargin: '400px 0px' });
      function cleanup() { observer?.disconnect(); window.removeEventListener('hashchange', onHash); }
      if (!observer) { start(); return () => { cancelled = true; }; }
      if (ref.current) observer.observe(ref.current);
      window.addEventListener('hashchange', onHash);
      onHash();
      return () => { cancelled = true; cleanup(); };
    }, [Island]);

    return <div ref={ref}>{Island ? <Island {...(props as P)} /> : children}</div>;
  };
}
