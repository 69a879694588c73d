'use client';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';

/** The × in a dialog's top-right corner; `label` is what a screen reader announces. */
export function DialogCloseButton({ label }: { label: string }) {
  return (
    <Dialog.Close aria-label={label} className="absolute right-3 top-3 rounded-md p-1 text-gray-600 hover:bg-gray-100">
      <X aria-hidden className="h-5 w-5" />
    </Dialog.Close>
  );
}
