import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The browser's own select, drawn like Input (and red-bordered like it while aria-invalid). */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn('flex h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-base text-ink aria-invalid:border-red-600', className)} {...props} />;
}
