'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { createLine, type LineDraft } from '@/features/application-records/application-form';
import { type AppliedProduct, isTreatmentVisit, parseAmount } from '@/features/application-records/application-rules';
import type { ProductChoice } from '@/features/application-records/components/application-lines-fields';
import { describeVisitAddOns } from '@/features/scheduling/visit-add-ons';
import type { RouteStop } from '../route.service';
import { findStopAction } from '../stop-completion';
import { findServiceLabelKey } from './route-format';
import { sendStopChange } from './send-stop-change';
import { createChangeId, type QueuedStopChange } from './stop-outbox';
import { type DoneMark, type DoneOutcome, VisitNoteDialog } from './visit-note-dialog';

type StopStatus = 'completed' | 'confirmed';

/** What the day sheet knows for a stop's application record (docs/decisions/0042). */
export type StopRecording = {
  /** The branch's active products; none: treatment visits are marked done without a record. */
  products: ProductChoice[];
  /** The product a new record starts with (the technician's last one), or null. */
  defaultProductId: number | null;
  /** Told the first product of a record saved, so the next stop starts with it. */
  onRecorded: (productId: number) => void;
};

/** The stop is now `status`; with the note saved and the products recorded when a done mark brought them (0110). */
export type StopStatusUpdate = (appointmentId: number, status: string, visitNote?: string | null, applied?: AppliedProduct[]) => void;

/** The lines of a done mark as the stop shows them once saved: each product's name, number and unit, the amount read (0110). */
export function describeMarkApplied(applications: DoneMark['applications'], products: readonly ProductChoice[]): AppliedProduct[] | undefined {
  return applications?.flatMap((line) => {
    const product = products.find((p) => p.id === line.productId);
    const amount = parseAmount(line.amount);
    return product && amount.ok ? [{ productName: product.name, pcpNumber: product.pcpNumber, amountHundredths: amount.hundredths, unit: product.unit }] : [];
  });
}

type Refusal = { status?: unknown; message?: unknown; fields?: Record<string, string> };

/** Where a change goes when the server cannot be reached (docs/decisions/0045). */
export type StopOutbox = {
  /** The stop has changes waiting on the phone: a new one waits behind them, in order. */
  pending: boolean;
  /** Keeps a change on the phone to be sent later; false when the phone cannot store it. */
  keep: (change: QueuedStopChange) => boolean;
  /** A done mark of this stop the server refused after it waited: the dialog offers it again. */
  refusedMark?: DoneMark;
};

/** True when the browser knows it has no network at all (a request would not leave the phone). */
export const isBrowserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * "Mark done" on a confirmed stop from its day on, "Undo" on a completed one (day sheet only, not
 * on paper). "Mark done" opens the dialog first: for a treatment, while the branch has products,
 * the products applied (required, 0042), and an optional note to the customer, whose visit report
 * carries it (0038); "Undo" changes at once. The server decides (own route, the visit's day, the
 * dashboard's transitions, the record's rules); its translated refusal is shown as it is, by
 * field in the dialog. `onStatus` updates the stop in place, with the note when one was saved and the products recorded.
 * Lines sent for a stop that is then taken back are offered again at its next done mark.
 *
 * With an `outbox` (0045), a change that cannot reach the server (no network, or no answer in
 * time) is kept on the phone instead of being refused, and so is any change while the browser is
 * offline or while this stop has changes waiting: the dialog closes as on success and the sheet
 * shows the stop as the technician left it, marked as waiting. A done mark carries when it was
 * pressed (`doneAt`), sent at once or late, and every change its id (`changeId`, 0052), the same
 * when it is sent again, so the server applies it once. A server's answer (a refusal) is shown as before.
 */
export function StopDoneButton({ stop, today, onStatus, recording, outbox }: {
  stop: RouteStop; today: string; onStatus: StopStatusUpdate; recording?: StopRecording; outbox?: StopOutbox;
}) {
  const t = useTranslations('routing');
  const locale = useLocale();
  const [saving, setSaving] = useState(false);
  const [noteOpen, setNoteOpen] = useState(false);
  const lastSent = useRef<LineDraft[] | null>(null);
  const action = findStopAction(stop.appointment, today);
  if (!action) return null;
  const name = `${stop.customer.firstName} ${stop.customer.lastName}`;
  const recordsProducts = recording !== undefined && recording.products.length > 0 && isTreatmentVisit(stop.appointment.serviceType);

  /**
   * Sends the change; ok when the stop is now as asked or the change is kept on the phone, else
   * the server's messages by field.
   */
  const change = async (status: StopStatus, mark?: DoneMark): Promise<DoneOutcome> => {
    const pressed: QueuedStopChange = {
      id: createChangeId(), appointmentId: stop.appointment.id, status, takenAt: new Date().toISOString(), name, tried: false,
      ...(mark === undefined ? {} : { note: mark.note, ...(mark.applications === undefined ? {} : { applications: mark.applications }) }),
    };
    const keep = (tried: boolean): DoneOutcome => {
      if (!outbox?.keep({ ...pressed, tried })) {
        toast({ variant: 'destructive', title: t('stopNotChangedTitle'), description: t('stopChangeFailed') });
        return { ok: false };
      }
      toast({ title: t('offline.keptTitle'), description: t(status === 'completed' ? 'offline.keptDoneBody' : 'offline.keptUndoBody', { name }) });
      return { ok: true };
    };
    // Behind changes still waiting (their order matters), or with no network at all: kept as is.
    if (outbox && (outbox.pending || isBrowserOffline())) return keep(false);
    setSaving(true);
    try {
      let res: { ok: boolean; status: number; body: Refusal | null };
      try {
        const answer = await sendStopChange(pressed);
        res = { ok: answer.status >= 200 && answer.status < 300, status: answer.status, body: answer.body as Refusal | null };
      } catch (error) {
        if (outbox) return keep(true);
        throw error;
      }
      const { body } = res;
      // A 2xx that is not the server's answer (a Wi-Fi sign-in page): the change did not arrive.
      if (res.ok && outbox && body?.status !== status) return keep(true);
      if (res.ok) {
        onStatus(stop.appointment.id, status, mark === undefined ? undefined : mark.note || null, describeMarkApplied(mark?.applications, recording?.products ?? []));
        toast(status === 'completed'
          ? { title: t('markedDoneTitle'), description: t('markedDoneBody', { name }) }
          : { title: t('undoneTitle'), description: t('undoneBody', { name }) });
        return { ok: true };
      }
      // Someone else changed it first (the office, a second phone): show the stop as it now is.
      if (res.status === 409 && (body?.status === 'completed' || body?.status === 'confirmed')) {
        onStatus(stop.appointment.id, body.status);
        setNoteOpen(false);
      }
      const fieldMessage = body?.fields ? Object.values(body.fields)[0] : undefined;
      const message = fieldMessage ?? (typeof body?.message === 'string' ? body.message : t('stopChangeFailed'));
      toast({ variant: 'destructive', title: t('stopNotChangedTitle'), description: message });
      return { ok: false, fields: body?.fields };
    } catch {
      toast({ variant: 'destructive', title: t('stopNotChangedTitle'), description: t('stopChangeFailed') });
      return { ok: false };
    } finally {
      setSaving(false);
    }
  };

  const confirmDone = async (mark: DoneMark) => {
    const outcome = await change('completed', mark);
    if (outcome.ok) {
      setNoteOpen(false);
      if (mark.applications && mark.applications.length > 0) {
        lastSent.current = mark.applications.map((line) => ({ ...createLine(line.productId), amount: line.amount }));
        recording?.onRecorded(mark.applications[0]!.productId);
      }
    }
    return outcome;
  };

  // A done mark refused after it waited on the phone is offered again as it was typed.
  const refused = outbox?.refusedMark;
  const dialogRecording = recording && recordsProducts ? {
    products: recording.products,
    initialLines: () => {
      const again = refused?.applications?.map((line) => ({ ...createLine(line.productId), amount: line.amount }));
      return (again?.length ? again : lastSent.current?.map((line) => ({ ...line }))) ?? [createLine(recording.defaultProductId)];
    },
  } : undefined;

  return (
    <>
      <Button
        type="button"
        variant={action === 'markDone' ? 'default' : 'outline'}
        onClick={() => (action === 'markDone' ? setNoteOpen(true) : void change('confirmed'))}
        disabled={saving}
        aria-haspopup={action === 'markDone' ? 'dialog' : undefined}
        aria-label={t(action === 'markDone' ? 'markDoneFor' : 'undoDoneFor', { name })}
        className="mt-2 h-11 w-full sm:w-auto print:hidden"
      >
        {t(action === 'markDone' ? 'markDone' : 'undoDone')}
      </Button>
      {/* Rendered while closed too: once the stop is done it closes as a dialog does, focus back on this button (now Undo). */}
      <VisitNoteDialog
        open={noteOpen}
        name={name}
        visit={{ service: t(findServiceLabelKey(stop.appointment)), addOns: describeVisitAddOns(stop.appointment, locale, t) }}
        initialNote={refused?.note ?? stop.appointment.visitNote ?? ''}
        recording={dialogRecording}
        onClose={() => setNoteOpen(false)}
        onConfirm={confirmDone}
        reportLocale={stop.appointment.locale}
      />
    </>
  );
}
