import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'flex h-10 w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-ink placeholder:text-gray-500 disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-gray-50 aria-invalid:border-red-600',
        className,
      )}
      {...props}
    />
  );
}
