'use client';
import { useRef } from 'react';

/**
 * Focus back on the control that opened a dialog when it closes. Radix returns focus to its
 * Dialog.Trigger, but a dialog opened from a list row's button (open={...}, no Trigger) would leave
 * keyboard and screen-reader users on the page's body, at the top of a long list. Spread the result
 * on Dialog.Content or AlertDialog.Content.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Runs before the dialog moves focus inside: this is still the button that opened it.
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      // A row that left the list (a visit moved away) has nothing to return to: Radix's default then.
      if (!target?.isConnected) return;
      event.preventDefault();
      if (!target.matches(':disabled')) {
        target.focus({ preventScroll: true });
        return;
      }
      // The dialog's action is still saving and its row's button waits disabled ("Deactivate"
      // becoming "Reactivate"): focus it once it is usable, unless the person has moved on.
      const observer = new MutationObserver(() => {
        if (target.matches(':disabled')) return;
        observer.disconnect();
        if (document.activeElement === null || document.activeElement === document.body) target.focus({ preventScroll: true });
      });
      observer.observe(target, { attributes: true, attributeFilter: ['disabled'] });
    },
  };
}
