'use client';
import { AlertDialog, Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';
import { DialogCloseButton } from './dialog-close-button';
import { keepReferencesWhole } from './keep-references-whole';
import { useReturnFocus } from './use-return-focus';

const panelClass = 'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl';

/**
 * A modal that holds one form about one record (edit, new password); closing it drops the form.
 * The description may be more than a sentence (inline content only: it is read out as one text).
 * A tap or click outside does not close it: on a phone the dimmed edge is a finger's width from the
 * fields, and a technician's products and note were lost to a stray tap. Its close button, Cancel
 * and Escape do.
 */
export function FormDialog({ open, onClose, title, description, closeLabel, children }: {
  open: boolean; onClose: () => void; title: string; description: ReactNode; closeLabel: string; children: ReactNode;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => { if (!next) onClose(); }}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className={panelClass} {...returnFocus} onInteractOutside={(event) => event.preventDefault()}>
          <Dialog.Title className="pr-8 text-xl font-semibold">{keepReferencesWhole(title)}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">{description}</Dialog.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          <DialogCloseButton label={closeLabel} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** An alert dialog that asks before a destructive change (deactivating someone). */
export function ConfirmDialog({ open, onClose, title, children, cancelLabel, confirmLabel, onConfirm }: {
  open: boolean; onClose: () => void; title: string; children: ReactNode; cancelLabel: string; confirmLabel: string; onConfirm: () => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => { if (!next) onClose(); }}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className={panelClass} {...returnFocus}>
          <AlertDialog.Title className="text-xl font-semibold">{keepReferencesWhole(title)}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-gray-700">{children}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="outline">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button type="button" variant="destructive" onClick={onConfirm}>{confirmLabel}</Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * A row's small action button ("Edit", "Deactivate"...) whose accessible name also names the
 * record ("Edit Crew A"), so a list of identical buttons stays tellable apart by screen readers.
 */
export function RecordActionButton({ label, recordName, primary = false, ...props }: {
  label: string; recordName: string; primary?: boolean; disabled?: boolean; onClick: () => void;
}) {
  return (
    <Button type="button" variant={primary ? 'default' : 'outline'} size="sm" {...props}>
      {label}<span className="sr-only">{` ${recordName}`}</span>
    </Button>
  );
}
