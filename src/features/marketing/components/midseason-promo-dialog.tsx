'use client';
import { Dialog } from 'radix-ui';
import { DialogCloseButton } from '@/components/ui/dialog-close-button';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

export interface PromoTexts {
  title: string; subtitle: string; treatments: string; save: string; code: string; claim: string; close: string; description: string;
}

/** SPEC timers: the popup fades in after 100 ms and fades out over 300 ms. */
export const PROMO_FADE_IN_DELAY_MS = 100;
export const PROMO_FADE_OUT_MS = 300;
const SCROLL_DELAY_MS = 100;

export function MidseasonPromoDialog({ texts, quotePath, onClosed }: { texts: PromoTexts; quotePath: string; onClosed: () => void }) {
  const [shown, setShown] = useState(false);
  const [open, setOpen] = useState(true);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  // It opens on its own as #pricing scrolls into view (no Trigger): closing it puts focus back where
  // the visitor was, not at the top of the page; claiming it, on the plan it has just chosen.
  const returnFocus = useReturnFocus();
  const claimed = useRef(false);

  useEffect(() => {
    const list = timers.current;
    list.push(setTimeout(() => setShown(true), PROMO_FADE_IN_DELAY_MS));
    return () => list.forEach(clearTimeout);
  }, []);

  const finish = () => { setOpen(false); onClosed(); };

  // Close button, Escape and a click on the backdrop: fade out, then unmount.
  const fadeOut = () => {
    setShown(false);
    timers.current.push(setTimeout(finish, PROMO_FADE_OUT_MS));
  };

  const claim = () => {
    claimed.current = true;
    window.dispatchEvent(new CustomEvent('planSelected', { detail: { serviceType: 'seasonal', planId: 2, discountCode: 'MIDSEASON' } }));
    finish();
    const onHome = window.location.pathname === quotePath.split('#')[0];
    if (!onHome) { window.location.assign(quotePath); return; }
    window.history.pushState(window.history.state, '', quotePath);
    setTimeout(() => document.getElementById('quote')?.scrollIntoView({ behavior: 'smooth', block: 'start' }), SCROLL_DELAY_MS);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => { if (!next) fadeOut(); }}>
      <Dialog.Portal>
        <Dialog.Overlay
          className={cn('fixed inset-0 z-50 bg-black/60 transition-opacity', shown ? 'opacity-100 duration-100' : 'opacity-0 duration-300')}
        />
        <Dialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-2xl transition-opacity sm:p-8',
            shown ? 'opacity-100 duration-100' : 'opacity-0 duration-300',
          )}
          data-testid="midseason-promo"
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={(event) => {
            const plan = claimed.current ? document.querySelector<HTMLInputElement>('#quote input[name="serviceType"]:checked') : null;
            if (!plan) return returnFocus.onCloseAutoFocus(event);
            event.preventDefault();
            plan.focus({ preventScroll: true });
          }}
        >
          {/* SPEC: the popup's title is 'MIDSEASON SPECIAL'; 'Full Season Protection' is its subtitle. */}
          <Dialog.Title className="text-sm font-bold tracking-widest text-brand-700">{texts.title}</Dialog.Title>
          <p className="mt-2 text-2xl font-bold">{texts.subtitle}</p>
          <Dialog.Description className="mt-2 text-gray-700">{texts.description}</Dialog.Description>
          <p className="mt-2 text-gray-700">{texts.treatments}</p>
          <p className="mt-4 text-4xl font-extrabold text-leaf-700">{texts.save}</p>
          <p className="mt-2 text-sm">{texts.code}</p>
          <button type="button" onClick={claim} className="mt-6 w-full rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800">
            {texts.claim}
          </button>
          <DialogCloseButton label={texts.close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
