import type { ReactNode } from 'react';

/** The dashboard's plain table: a header row, one row per record, and a line when there is none. */
export function DataTable({ head, rows, empty, busy = false }: { head: string[]; rows: ReactNode[][]; empty: string; busy?: boolean }) {
  return (
    // `relative`: an absolutely placed child (a button's screen-reader text) is clipped with the
    // table instead of widening the page on a phone.
    <div className="relative overflow-x-auto rounded-lg border border-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-sm" aria-busy={busy || undefined}>
        <thead className="bg-gray-50">
          <tr>{head.map((h) => <th key={h} scope="col" className="px-3 py-2 text-left font-semibold">{h}</th>)}</tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.length === 0 ? (
            <tr><td colSpan={head.length} className="px-3 py-6 text-center text-gray-600">{empty}</td></tr>
          ) : rows.map((cells, i) => (
            <tr key={i}>{cells.map((c, j) => <td key={j} className="px-3 py-2 align-top">{c}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
