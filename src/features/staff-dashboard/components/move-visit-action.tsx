'use client';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { type MovableAppointment, MoveVisitDialog, useVisitMovedToast } from './move-visit-dialog';

/**
 * "Move to another Friday" beside a visit on the customer page (0089), the visit list's Move: the
 * office on the phone with a customer moves the visit where it has the customer open. The page is
 * read again after a move or a refusal.
 */
export function MoveVisitAction({ visit, name, service, addOns, dateLabel }: {
  visit: MovableAppointment;
  name: string;
  service: string;
  addOns: string | null;
  /** The visit's date as the row shows it, for the button's accessible name. */
  dateLabel: string;
}) {
  const t = useTranslations('adminDashboard.move');
  const router = useRouter();
  const movedToast = useVisitMovedToast();
  const [open, setOpen] = useState(false);
  const label = visit.needsStaffAttention ? t('openNeedsDate') : t('open');
  return (
    <>
      <Button type="button" size="sm" variant={visit.needsStaffAttention ? 'default' : 'outline'} aria-haspopup="dialog" aria-label={`${label}: ${dateLabel}`} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <MoveVisitDialog
        appointment={open ? visit : null}
        name={name}
        service={service}
        addOns={addOns}
        onClose={() => setOpen(false)}
        onMoved={(appointment, moved) => {
          movedToast(appointment, moved);
          router.refresh();
        }}
        onRefused={() => router.refresh()}
      />
    </>
  );
}
