'use client';
import { useEffect } from 'react';

/**
 * SPEC §2: on load and on every hash change, smooth-scroll to the element the hash names after
 * 100 ms (0.5 s on the home page, whose sections hydrate a little later). A missing target is only logged.
 */
export function HashScroll({ homePath }: { homePath: string }) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const scroll = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!id) return;
      const delay = window.location.pathname === homePath ? 500 : 100;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const target = document.getElementById(id);
        if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
        else console.info(`No element with id "${id}" to scroll to`);
      }, delay);
    };
    scroll();
    window.addEventListener('hashchange', scroll);
    return () => { clearTimeout(timer); window.removeEventListener('hashchange', scroll); };
  }, [homePath]);
  return null;
}
