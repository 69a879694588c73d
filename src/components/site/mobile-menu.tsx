'use client';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';

export type MenuLink = { href: string; label: string };

/** The small-screen menu: a toggle, and any followed link closes it. */
export function MobileMenu({ links, areaLinks, areasLabel, openLabel, closeLabel }: {
  links: MenuLink[]; areaLinks: MenuLink[]; areasLabel: string; openLabel: string; closeLabel: string;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <div className="xl:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? closeLabel : openLabel}
        onClick={() => setOpen((v) => !v)}
        className="rounded-md p-2 hover:bg-gray-100"
      >
        {open ? <X aria-hidden className="h-6 w-6" /> : <Menu aria-hidden className="h-6 w-6" />}
      </button>
      {open ? (
        <nav id="mobile-menu" aria-label={openLabel} className="absolute inset-x-0 top-full z-40 border-t border-gray-200 bg-white px-4 pb-4 shadow-lg">
          <ul className="divide-y divide-gray-100">
            {links.map((l) => (
              <li key={l.label}><a href={l.href} onClick={close} className="block py-3 font-medium">{l.label}</a></li>
            ))}
          </ul>
          <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-gray-600">{areasLabel}</p>
          <ul className="grid grid-cols-2 gap-1">
            {areaLinks.map((l) => (
              <li key={l.href}><a href={l.href} onClick={close} className="block py-2">{l.label}</a></li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
