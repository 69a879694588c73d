import { clsx } from 'clsx';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className={clsx('inline-flex items-center gap-2', className)}>
      <span aria-hidden className="h-6 w-6 animate-spin rounded-full border-2 border-gray-300 border-t-brand-600" />
      {label ? <span>{label}</span> : null}
    </span>
  );
}
