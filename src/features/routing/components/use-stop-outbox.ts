'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from '@/components/ui/use-toast';
import { APPLIED_STOP_CHANGE_KEEP_DAYS } from '../stop-completion';
import { openDaySheetStore } from './day-sheet-on-device';
import { sendStopChange } from './send-stop-change';
import {
  addChange, findChangeKind, outboxKey, type QueuedChangeKind, type QueuedStopChange, readOutbox, replayOutbox, type ReplayResult, writeOutbox,
} from './stop-outbox';

/** How often changes waiting on the phone are sent again while the browser believes it is online. */
export const OUTBOX_RETRY_MS = 30_000;

/** How long a refusal of a change that waited stays on screen: the technician may be busy in the yard. */
const REFUSAL_TOAST_MS = 15_000;

const NOTICE_KEYS = {
  superseded: {
    'done': 'offline.supersededAfterMark', 'undo': 'offline.supersededAfterUndo',
    'not-treated': 'offline.supersededAfterNotTreated', 'not-treated-undo': 'offline.supersededAfterNotTreatedUndo',
  },
  tooOld: {
    'done': 'offline.tooOldAfterMark', 'undo': 'offline.tooOldAfterUndo',
    'not-treated': 'offline.tooOldAfterNotTreated', 'not-treated-undo': 'offline.tooOldAfterNotTreatedUndo',
  },
} as const;

/**
 * The routing message for a change the technician is told about in the sheet's own words, named by
 * what they did (a done mark, "Couldn't treat", or the Undo of either, `findChangeKind`), with
 * `{name}`: one that reached the server, whose answer was lost, and that the office changed
 * afterwards ('superseded', 0052); one kept on the phone longer than the server keeps the ids of
 * the changes it applied, so it was not taken ('tooOld', 0057; with `{days}`).
 */
export function findChangeNoticeKey<K extends 'superseded' | 'tooOld', C extends QueuedChangeKind>(kind: K, change: C): (typeof NOTICE_KEYS)[K][C] {
  return NOTICE_KEYS[kind][change];
}

/** What a change's notice says, in the sheet's words: the customer and the days the server keeps ids. */
export const noticeValues = (name: string) => ({ name, days: APPLIED_STOP_CHANGE_KEEP_DAYS });

// This tab's writes: the `storage` event only tells the other tabs.
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
function notify() {
  for (const listener of listeners) listener();
}

/**
 * The signed-in account's outbox on this phone (docs/decisions/0045): the changes waiting, `keep`
 * to add one, and `replay` to send them, which also runs by itself when the browser comes back
 * online and every `OUTBOX_RETRY_MS` while changes wait (not after the sign-in ended). One tab sends
 * at a time (a Web Lock where the browser has them). The technician is told what happened:
 * delivered, refused (naming the customer), changed by the office after it arrived (0052), kept
 * too long to be sent (0057), or the sign-in ended. `onReplayed` gets every result, for the sheet to show the stops as the server now
 * has them. No owner: nothing is kept.
 */
export function useStopOutbox(owner: number | undefined, onReplayed: (result: ReplayResult) => void) {
  const t = useTranslations('routing');
  const locale = useLocale();
  const raw = useSyncExternalStore(
    subscribe,
    () => (owner === undefined ? null : (openDaySheetStore()?.getItem(outboxKey(owner)) ?? null)),
    () => null,
  );
  const outbox = useMemo(() => {
    const store = openDaySheetStore();
    return raw === null || owner === undefined || !store ? [] : readOutbox(store, owner);
  }, [raw, owner]);
  const [sending, setSending] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const running = useRef(false);
  const onReplayedRef = useRef(onReplayed);
  useEffect(() => {
    onReplayedRef.current = onReplayed;
  });

  /** Keeps a change for later; false when the phone cannot store it (the caller says it was not changed). */
  const keep = useCallback((change: QueuedStopChange): boolean => {
    const store = openDaySheetStore();
    if (owner === undefined || !store) return false;
    try {
      writeOutbox(store, owner, addChange(readOutbox(store, owner), change));
    } catch {
      return false;
    }
    setSignedOut(false);
    notify();
    return true;
  }, [owner]);

  const tell = useCallback((result: ReplayResult) => {
    // Refused, or applied and then changed by the office: either way the stop is not as the technician left it.
    const problems = result.outcomes.filter((o) => o.kind !== 'delivered');
    const delivered = result.outcomes.filter((o) => o.kind === 'delivered');
    const [only] = problems;
    if (problems.length === 1 && only!.kind === 'superseded') {
      const { name } = only!.change;
      toast({ duration: REFUSAL_TOAST_MS, title: t('offline.supersededTitle', { name }), description: t(findChangeNoticeKey('superseded', findChangeKind(only!.change)), noticeValues(name)) });
    } else if (problems.length === 1 && only!.kind === 'tooOld') {
      const { name } = only!.change;
      toast({ variant: 'destructive', duration: REFUSAL_TOAST_MS, title: t('offline.tooOldTitle', { name }), description: t(findChangeNoticeKey('tooOld', findChangeKind(only!.change)), noticeValues(name)) });
    } else if (problems.length === 1 && only!.kind === 'refused') {
      toast({ variant: 'destructive', duration: REFUSAL_TOAST_MS, title: t('offline.refusedTitle', { name: only!.change.name }), description: only!.message ?? t('stopChangeFailed') });
    } else if (problems.length > 1) {
      const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format([...new Set(problems.map((o) => o.change.name))]);
      const allRefused = problems.every((o) => o.kind === 'refused');
      toast({
        variant: problems.some((o) => o.kind !== 'superseded') ? 'destructive' : 'default',
        duration: REFUSAL_TOAST_MS,
        title: t(allRefused ? 'offline.refusedManyTitle' : 'offline.attentionManyTitle', { count: problems.length }),
        description: t(allRefused ? 'offline.refusedManyBody' : 'offline.attentionManyBody', { names }),
      });
    } else if (result.stopped === 'signedOut') {
      toast({ variant: 'destructive', title: t('offline.signedOutTitle'), description: t('offline.signedOutBody') });
    } else if (delivered.length > 0) {
      toast({ title: t('offline.sentTitle'), description: t('offline.sentBody', { count: delivered.length }) });
    }
  }, [t, locale]);

  const replay = useCallback(async () => {
    const store = openDaySheetStore();
    if (owner === undefined || !store || running.current || readOutbox(store, owner).length === 0) return;
    running.current = true;
    setSending(true);
    try {
      const run = () => replayOutbox({
        read: () => readOutbox(store, owner),
        write: (next) => writeOutbox(store, owner, next),
        send: sendStopChange,
      });
      // Another tab holding the lock is sending them already: nothing to do here.
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      const result = locks ? await locks.request(`${outboxKey(owner)}.send`, { ifAvailable: true }, (lock) => (lock ? run() : null)) : await run();
      if (!result) return;
      setSignedOut(result.stopped === 'signedOut');
      tell(result);
      onReplayedRef.current(result);
    } catch {
      // The storage refused a write: the changes stay as they were and are sent again later.
    } finally {
      running.current = false;
      setSending(false);
      notify();
    }
  }, [owner, tell]);

  const waiting = outbox.length > 0;
  useEffect(() => {
    if (!waiting || signedOut) return;
    const timer = setInterval(() => void replay(), OUTBOX_RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, signedOut, replay]);

  useEffect(() => {
    const onOnline = () => void replay();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [replay]);

  return { outbox, keep, replay, sending, enabled: owner !== undefined };
}
