'use client';
import { type FocusEvent, useEffect, useId, useRef, useState } from 'react';

/**
 * A header disclosure of links (the language menu, the service areas): open state, the list's id
 * for `aria-controls`, and the closing rules both follow. A click elsewhere closes it; Escape
 * closes it and, when focus was inside, gives focus back to the button (the focused link goes with
 * the list, and focus would fall to the top of the page); tabbing out of it closes it rather than
 * leaving it over the page.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => { if (!container.current?.contains(e.target as Node)) setOpen(false); };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (container.current?.contains(document.activeElement)) button.current?.focus();
      setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => { document.removeEventListener('mousedown', onDown); document.removeEventListener('keydown', onKey); };
  }, [open]);

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (open && !container.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
  };
  return { open, setOpen, container, button, listId, onBlur };
}
