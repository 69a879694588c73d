import type { ReactNode } from 'react';

/** A booking reference (BK-7H3K9QZ2) or a receipt number made from one (BK-7H3K9QZ2-55). */
const REFERENCE = /(BK-[A-Z0-9]{8}(?:-\d+)?)/;

/**
 * `text` with each booking reference in it kept on one line. The browser breaks a line after a
 * hyphen, so a dialog's title on a phone read "¿Cancelar la reserva BK-" over "WF59ZTNB?": a
 * reference is read out or typed as one word and is not to be split.
 */
export function keepReferencesWhole(text: string): ReactNode {
  const parts = text.split(REFERENCE);
  if (parts.length === 1) return text;
  return parts.map((part, i) => (i % 2 === 1 ? <span key={i} className="whitespace-nowrap">{part}</span> : part));
}
