'use client';
import { type FormEvent, useEffect, useRef, useState } from 'react';

/** The Fridays a dialog offers: asked for when it opens, asked again after a refused choice. */
export type FridayList<Extra extends object = object> =
  | { state: 'loading' }
  | { state: 'failed'; message: string | null }
  | ({ state: 'ready'; dates: string[] } & Extra);

export type FridayListAnswer<Extra extends object> = { ok: true; dates: string[]; extra: Extra } | { ok: false; message: string | null };

/**
 * The state behind a `FridayChoiceForm`: the list (read while `openKey` is not null, again when the
 * key changes), the Friday picked, the refusal and the sending flag. A choice that left the list
 * is dropped; a refused `send` shows its message and reads the list again, since a Friday that
 * filled up meanwhile leaves it. `reset` returns to "loading" so the next opening never shows the
 * previous one's list.
 */
export function useFridayChoice<Extra extends object = object>({ openKey, load, send, chooseMessage }: {
  /** What the dialog is open for (a visit, a request); null while it is closed. */
  openKey: string | number | null;
  load: (signal: AbortSignal) => Promise<FridayListAnswer<Extra>>;
  /** Sends the choice; a refusal's message, or null once it is done. */
  send: (date: string) => Promise<string | null>;
  /** The message for sending with no Friday picked. */
  chooseMessage: string;
}) {
  const [list, setList] = useState<FridayList<Extra>>({ state: 'loading' });
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reload, setReload] = useState(0);
  // The latest loader, so a caller's inline function does not re-read the list on every render.
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (openKey === null) return;
    const controller = new AbortController();
    void (async () => {
      const answer = await loadRef.current(controller.signal);
      if (controller.signal.aborted) return;
      if (answer.ok) {
        const listed = answer.dates;
        setList({ state: 'ready', dates: listed, ...answer.extra });
        setChoice((current) => (listed.includes(current) ? current : ''));
      } else {
        setList({ state: 'failed', message: answer.message });
      }
    })();
    return () => controller.abort();
  }, [openKey, reload]);

  const reset = () => {
    setList({ state: 'loading' });
    setChoice('');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!choice) {
      setError(chooseMessage);
      return;
    }
    setBusy(true);
    setError(null);
    const refusal = await send(choice);
    setBusy(false);
    if (refusal === null) return;
    setError(refusal);
    setReload((n) => n + 1);
  };

  /** What `FridayChoiceForm` draws and sends. */
  const form = { list, value: choice, onChange: setChoice, error, busy, onSubmit: submit };
  return { form, reset };
}
