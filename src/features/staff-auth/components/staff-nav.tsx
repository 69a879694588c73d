'use client';
import { clsx } from 'clsx';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

/** A link, with what waits on its screen when anything does (0051): the number, and what it counts for screen readers. */
export type StaffNavLink = { href: string; label: string; badge?: { count: number; label: string } };

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
                {link.badge ? (
                  <>
                    {/* The number is seen; "3 open requests" is what the link's name says. */}
                    <span
                      aria-hidden="true"
                      className={clsx(
                        'ml-1.5 inline-block min-w-5 rounded-full px-1.5 text-center text-xs font-semibold leading-5',
                        current ? 'bg-white text-leaf-700' : 'bg-red-700 text-white',
                      )}
                    >
                      {link.badge.count}
                    </span>
                    <span className="sr-only">{` (${link.badge.label})`}</span>
                  </>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
