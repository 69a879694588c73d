'use client';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import type { StaffApiAnswer } from './staff-api';

type Refusal = { reason?: string };

/**
 * A button that emails a customer, one email per press whatever the timing (0097, 0105): the press
 * names the count of such emails the page showed (`sent`), the server refuses a count that moved
 * meanwhile, and the button stays off from the press until the page has read the new count
 * (`router.refresh()` after every answer), so a second click in between does nothing. An answer
 * that is no refusal of the server's (no connection, the session ran out) gives the button back.
 */
export function useCountedSend<T extends Refusal>(sent: number, send: (seen: number) => Promise<StaffApiAnswer<T>>, onAnswer: (answer: StaffApiAnswer<T>) => void) {
  const router = useRouter();
  // The count this screen has already pressed for.
  const [pressedFor, setPressedFor] = useState<number | null>(null);
  const pressed = useRef(false);
  const press = async () => {
    if (pressed.current) return;
    pressed.current = true;
    setPressedFor(sent);
    const answer = await send(sent);
    pressed.current = false;
    if (!answer.ok && !answer.body?.reason) setPressedFor(null);
    onAnswer(answer);
    router.refresh();
  };
  return { press, busy: pressedFor === sent };
}
