'use client';
import { useRef } from 'react';

/** What holds the opener and outlives it: a list row, or a page's section. */
const FALLBACK_CONTAINER = 'tr, li, section';
const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Where focus goes when the control that opened a dialog is gone once it closes (the message's
 * "Reply" after the reply was sent, "Cancel my booking" after the booking was cancelled): the first
 * control left in the opener's row or section, else that section's heading, which then says what
 * changed. Null when the container has gone too.
 */
function findFallback(container: HTMLElement | null): HTMLElement | null {
  if (!container?.isConnected) return null;
  const control = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).find((el) => el.getClientRects().length > 0);
  if (control) return control;
  const heading = container.querySelector<HTMLElement>('h1, h2, h3, h4') ?? container;
  // A heading is not focusable by default: reachable by script only, out of the Tab order.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/** How long after the dialog closes the page may still change under the returned focus (a refresh). */
const FOLLOW_MS = 10_000;

const isFocusLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Keeps focus on the opener while what the dialog did lands: a button still disabled while its
 * action saves ("Deactivate" becoming "Reactivate") gets focus once it is usable; one the page then
 * removes (a refresh drops "Cancel my booking") hands it to `findFallback`. Stops as soon as the
 * person moves focus elsewhere, or after FOLLOW_MS.
 */
function followOpener(target: HTMLElement, around: HTMLElement | null) {
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (!isFocusLost() && active !== target) return stop();
    if (!target.isConnected) {
      if (isFocusLost()) findFallback(around)?.focus({ preventScroll: true });
      return stop();
    }
    if (isFocusLost() && !target.matches(':disabled')) target.focus({ preventScroll: true });
  });
  const timer = setTimeout(() => stop(), FOLLOW_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
}

/**
 * For a control whose own action disables it while it runs or takes it away (a message's "Mark as
 * read", "Archive"; "Optimize Route"): keeps keyboard focus on it, or in its row or section, instead
 * of dropping it on the page's body (0108). Call it from the control's click handler.
 */
export function keepFocusNear(control: HTMLElement): void {
  followOpener(control, control.closest<HTMLElement>(FALLBACK_CONTAINER));
}

/**
 * Focus back on the control that opened a dialog when it closes. Radix returns focus to its
 * Dialog.Trigger, but a dialog opened from a list row's button (open={...}, no Trigger) would leave
 * keyboard and screen-reader users on the page's body, at the top of a long list. Spread the result
 * on Dialog.Content or AlertDialog.Content.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const container = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Runs before the dialog moves focus inside: this is still the button that opened it.
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      container.current = opener.current?.closest<HTMLElement>(FALLBACK_CONTAINER) ?? null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      const around = container.current;
      opener.current = null;
      container.current = null;
      if (!target?.isConnected) {
        // The opener went with what the dialog did: the nearest place that is left, else Radix's default.
        const fallback = findFallback(around);
        if (!fallback) return;
        event.preventDefault();
        fallback.focus({ preventScroll: true });
        return;
      }
      event.preventDefault();
      if (!target.matches(':disabled')) target.focus({ preventScroll: true });
      followOpener(target, around);
    },
  };
}
