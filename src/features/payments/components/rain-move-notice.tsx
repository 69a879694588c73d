'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { formatLongDate } from '@/lib/format';
import type { RainMove } from '../payment-outcome';

/**
 * Says plainly that the Friday the customer booked was closed for rain and which Friday their visit
 * takes instead (0072): on the checkout, before they pay (`before`: the Friday is held for them), and
 * on the payment pages after (`after`: they can still choose another from their booking's page).
 * Nothing when no visit moved.
 */
export function RainMoveNotice({ moves, when }: { moves: readonly RainMove[]; when: 'before' | 'after' }) {
  const t = useTranslations('checkout.rain');
  const locale = useLocale();
  const headingId = useId();
  if (moves.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-left text-sm text-amber-950">
      <h2 id={headingId} className="mb-1 text-base font-semibold">{t('title')}</h2>
      {moves.map((move) => (
        <p key={`${move.from}>${move.to}`}>{t('moved', { from: formatLongDate(move.from, locale), to: formatLongDate(move.to, locale) })}</p>
      ))}
      <p className="mt-1">{t(when === 'before' ? 'holding' : 'afterPaying')}</p>
    </section>
  );
}
