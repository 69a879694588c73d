'use client';
import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { clsx } from 'clsx';
import { dismissToast, TOAST_DEFAULT_DURATION_MS, useToasts } from './use-toast';

/**
 * The title as screen readers hear it before the description: Radix reads a toast's text nodes
 * into its live region one after the other with nothing between them ("Message sentWe've
 * received..."), so the title ends a sentence of its own unless it already does.
 */
export function announceTitle(title: string): string {
  return /[.!?…:]$/.test(title.trim()) ? `${title.trim()} ` : `${title.trim()}. `;
}

export function Toaster({ closeLabel, regionLabel }: { closeLabel: string; regionLabel: string }) {
  const toasts = useToasts();
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={50} duration={TOAST_DEFAULT_DURATION_MS} label={regionLabel}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => { if (!open) dismissToast(t.id); }}
          className={clsx(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 transition-opacity',
            t.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-gray-200 bg-white text-ink',
          )}
        >
          <div className="grid gap-1">
            {t.title ? (
              <Toast.Title
                className="text-sm font-semibold"
                {...(t.description && typeof t.title === 'string' ? { 'data-radix-toast-announce-exclude': '', 'data-radix-toast-announce-alt': announceTitle(t.title) } : {})}
              >
                {t.title}
              </Toast.Title>
            ) : null}
            {t.description ? <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description> : null}
          </div>
          <Toast.Close aria-label={closeLabel} className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100">
            <X aria-hidden className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Top on small screens, bottom right from the md breakpoint; F8 (Radix's default hotkey) focuses it.
          Its landmark's name is the page's language, not Radix's English default. */}
      <Toast.Viewport label={`${regionLabel} ({hotkey})`} data-toast-viewport className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 md:bottom-0 md:right-0 md:top-auto md:flex-col md:max-w-[420px]" />
    </Toast.Provider>
  );
}
