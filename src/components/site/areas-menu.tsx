'use client';
import { ChevronDown } from 'lucide-react';
import { useDisclosure } from './use-disclosure';

/**
 * The header's "Service Areas" list of town pages: a disclosure of links (button with
 * aria-expanded), opened by a click, Enter or Space, and shown on hover for a mouse. Escape closes
 * it and gives focus back to the button; tabbing past the last town or clicking elsewhere closes it.
 */
export function AreasMenu({ label, links }: { label: string; links: { href: string; label: string }[] }) {
  const { open, setOpen, container, button, listId, onBlur } = useDisclosure();
  return (
    <div ref={container} className="group relative" onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex items-center gap-1 text-sm font-medium hover:text-brand-800"
      >
        {label}
        <ChevronDown aria-hidden className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {/* Hidden lists are out of the tab order (visibility), so Tab from the closed button goes on to the next link. */}
      <ul
        id={listId}
        className={`absolute left-0 top-full z-40 w-48 rounded-md border border-gray-200 bg-white py-1 shadow-lg transition ${open ? 'visible opacity-100' : 'invisible opacity-0 group-hover:visible group-hover:opacity-100'}`}
      >
        {links.map((l) => (
          <li key={l.href}><a href={l.href} className="block px-3 py-2 text-sm hover:bg-gray-100">{l.label}</a></li>
        ))}
      </ul>
    </div>
  );
}
