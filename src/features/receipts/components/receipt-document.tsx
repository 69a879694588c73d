import type { ReactNode } from 'react';
import type { Receipt, ReceiptRow } from '../receipt';

/**
 * Printing a receipt prints the receipt: the site's header and footer, the staff shell and any
 * toast (everything outside <main>) are left off the page, and so are the controls marked
 * `print:hidden`. Rendered by the receipt pages only.
 */
const PRINT_CSS = '@media print { body > :not(main) { display: none !important; } @page { margin: 16mm; } }';

function Rows({ rows, boldLast = false }: { rows: readonly ReceiptRow[]; boldLast?: boolean }) {
  return (
    <dl className="divide-y divide-gray-100">
      {rows.map((row, i) => (
        <div key={`${row.label}-${i}`} className={`flex flex-wrap justify-between gap-x-4 py-1.5 ${boldLast && i === rows.length - 1 ? 'font-bold' : ''}`}>
          <dt className={boldLast && i === rows.length - 1 ? '' : 'text-gray-700'}>{row.label}</dt>
          <dd className="min-w-0 break-words text-right tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One receipt as a page shows and prints it (`buildReceipt`'s content, as the email has it):
 * the receipt's heading and facts, the seller with its GST/HST number, the customer, what was
 * bought, the amounts and any refunds. Server-rendered; no script.
 */
export function ReceiptDocument({ receipt, actions }: { receipt: Receipt; actions?: ReactNode }) {
  const { seller, billedTo } = receipt;
  return (
    <article aria-labelledby="receipt-title" className="space-y-6 rounded-lg border border-gray-200 bg-white p-4 sm:p-8 print:border-0 print:p-0">
      {/* href + precedence: React puts the rule in the document's head, once. */}
      <style href="receipt-print" precedence="default">{PRINT_CSS}</style>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <h1 id="receipt-title" className="min-w-0 text-2xl font-bold sm:text-3xl">{receipt.title}</h1>
        {actions ? <div className="flex flex-wrap gap-2 print:hidden">{actions}</div> : null}
      </header>

      <Rows rows={receipt.facts} />

      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="receipt-seller">
          <h2 id="receipt-seller" className="text-sm font-semibold uppercase tracking-wide text-gray-700">{receipt.headings.seller}</h2>
          <address className="mt-2 break-words not-italic">
            <span className="block font-semibold">{seller.name}</span>
            {seller.operatingAs ? <span className="block">{seller.operatingAs}</span> : null}
            {seller.address ? <span className="block">{seller.address}</span> : null}
          </address>
          {seller.hstNumber ? (
            <p className="mt-2 break-words">
              <span className="block text-sm text-gray-700">{seller.hstNumber.label}</span>
              <span className="font-semibold">{seller.hstNumber.value}</span>
            </p>
          ) : null}
        </section>
        <section aria-labelledby="receipt-customer">
          <h2 id="receipt-customer" className="text-sm font-semibold uppercase tracking-wide text-gray-700">{receipt.headings.billedTo}</h2>
          <p className="mt-2 break-words">
            <span className="block font-semibold">{billedTo.name}</span>
            {billedTo.address ? (
              <>
                <span className="block text-sm text-gray-700">{billedTo.address.label}</span>
                <span className="block">{billedTo.address.value}</span>
              </>
            ) : null}
          </p>
        </section>
      </div>

      <section aria-labelledby="receipt-items">
        <h2 id="receipt-items" className="text-sm font-semibold uppercase tracking-wide text-gray-700">{receipt.headings.description}</h2>
        {receipt.itemised ? (
          <div className="mt-2"><Rows rows={receipt.items.map((item) => ({ label: item.label, value: item.amount ?? '' }))} /></div>
        ) : (
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {receipt.items.map((item) => <li key={item.label} className="break-words">{item.label}</li>)}
          </ul>
        )}
        {receipt.service.length > 0 ? <div className="mt-2 border-t border-gray-200 pt-1"><Rows rows={receipt.service} /></div> : null}
      </section>

      <section aria-labelledby="receipt-amounts">
        <h2 id="receipt-amounts" className="text-sm font-semibold uppercase tracking-wide text-gray-700">{receipt.headings.amounts}</h2>
        <div className="mt-2"><Rows rows={receipt.amounts} boldLast /></div>
      </section>

      {receipt.refunds.length > 0 ? (
        <section aria-labelledby="receipt-refunds">
          <h2 id="receipt-refunds" className="text-sm font-semibold uppercase tracking-wide text-gray-700">{receipt.headings.refunds}</h2>
          <div className="mt-2">
            <Rows rows={receipt.refunds.flatMap((r) => [{ label: r.label, value: r.amount }, { label: r.hstLabel, value: r.hst }])} />
            {receipt.afterRefunds.length > 0 ? <div className="mt-2 border-t border-gray-300 pt-1"><Rows rows={receipt.afterRefunds} /></div> : null}
          </div>
        </section>
      ) : null}

      <p className="text-sm text-gray-700">{receipt.currencyNote}</p>
    </article>
  );
}
