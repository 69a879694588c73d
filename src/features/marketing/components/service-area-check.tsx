'use client';
import { type FormEvent, useId, useState } from 'react';
import { formatPostalCode, isValidPostalCode, normalisePostalCode } from '@/features/service-area/postal-code';
import { useHydrated } from '@/lib/use-hydrated';

export interface AreaCheckTexts {
  label: string; placeholder: string; submit: string; checking: string; invalid: string; served: string; notServed: string; failed: string;
}

type Result = { tone: 'ok' | 'no' | 'error'; text: string } | null;
type AreaAnswer = { inServiceArea?: boolean; area?: string | null; postalCode?: string; message?: string } | null;

/**
 * What the check says for the API's answer to `typed`: the served town, or the unserved code as
 * Canada Post writes it ('K1A 0B1', as the booking form and the API's own message say it, 0062),
 * or the server's refusal.
 */
export function describeAreaAnswer(ok: boolean, body: AreaAnswer, typed: string, texts: AreaCheckTexts): NonNullable<Result> {
  if (!ok || !body) return { tone: 'error', text: body?.message ?? texts.failed };
  if (body.inServiceArea) return { tone: 'ok', text: texts.served.replace('{area}', body.area ?? '') };
  return { tone: 'no', text: texts.notServed.replace('{postalCode}', formatPostalCode(typed)) };
}

/** "Do you serve my street?": GET /api/service-area/check/{code}; the typed code stays in the box. */
export function ServiceAreaCheck({ texts }: { texts: AreaCheckTexts }) {
  const hydrated = useHydrated();
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidPostalCode(code)) { setResult({ tone: 'error', text: texts.invalid }); return; }
    setBusy(true);
    try {
      const res = await fetch(`/api/service-area/check/${encodeURIComponent(normalisePostalCode(code))}`, { credentials: 'include' });
      const body = (await res.json().catch(() => null)) as AreaAnswer;
      setResult(describeAreaAnswer(res.ok, body, code, texts));
    } catch {
      setResult({ tone: 'error', text: texts.failed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" onSubmit={check} noValidate className="space-y-2">
      <label htmlFor={`${id}-code`} className="block text-sm font-medium">{texts.label}</label>
      <div className="flex gap-2">
        <input
          id={`${id}-code`} value={code} onChange={(e) => setCode(e.target.value)} placeholder={texts.placeholder} autoComplete="postal-code"
          aria-invalid={result?.tone === 'error'} aria-describedby={result ? `${id}-result` : undefined}
          className="h-10 min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-3 text-base uppercase"
        />
        <button type="submit" disabled={!hydrated || busy} className="h-10 shrink-0 rounded-md bg-leaf-700 px-4 text-sm font-semibold text-white hover:bg-leaf-600 disabled:opacity-60">
          {busy ? texts.checking : texts.submit}
        </button>
      </div>
      <p id={`${id}-result`} role="status" className={result?.tone === 'ok' ? 'text-sm font-medium text-leaf-700' : result ? 'text-sm font-medium text-red-700' : 'sr-only'}>
        {result?.text ?? ''}
      </p>
    </form>
  );
}
