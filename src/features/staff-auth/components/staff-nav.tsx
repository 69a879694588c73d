'use client';
import { clsx } from 'clsx';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

export type StaffNavLink = { href: string; label: string };

/** The staff screens' links; the one for the page being shown is marked as current. */
export function StaffNav({ label, links }: { label: string; links: StaffNavLink[] }) {
  const pathname = usePathname();
  const navRef = useRef<HTMLElement>(null);
  // On a phone the row scrolls sideways: bring the current screen's link into view.
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav && current && nav.scrollWidth > nav.clientWidth) nav.scrollLeft = current.offsetLeft - nav.clientWidth / 2 + current.offsetWidth / 2;
  }, [pathname]);
  return (
    // One scrolling row on phones, so the screen starts near the top; wrapped rows from sm.
    <nav ref={navRef} aria-label={label} className="relative -mb-1 overflow-x-auto pb-1 sm:mb-0 sm:overflow-visible sm:pb-0">
      <ul className="flex gap-1 whitespace-nowrap sm:flex-wrap">
        {links.map((link) => {
          const current = pathname === link.href;
          return (
            <li key={link.href}>
              <a
                href={link.href}
                aria-current={current ? 'page' : undefined}
                className={clsx(
                  'block rounded-md px-3 py-2 text-sm font-medium',
                  current ? 'bg-leaf-700 text-white' : 'text-gray-700 hover:bg-gray-100',
                )}
              >
                {link.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
