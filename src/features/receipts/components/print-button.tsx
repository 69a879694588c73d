'use client';

/** The browser's print dialog for the page; the label comes translated from the server. */
export function PrintButton({ label, className }: { label: string; className?: string }) {
  return <button type="button" className={className} onClick={() => window.print()}>{label}</button>;
}
