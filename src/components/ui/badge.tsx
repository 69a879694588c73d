import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const badgeVariants = cva('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold wrap-normal', {
  variants: {
    variant: {
      default: 'border-transparent bg-leaf-700 text-white',
      secondary: 'border-transparent bg-gray-200 text-gray-900',
      outline: 'border-gray-300 text-gray-800',
      destructive: 'border-transparent bg-red-700 text-white',
    },
  },
  defaultVariants: { variant: 'default' },
});

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}

/** SPEC §4: confirmed (and paid) is the default badge, completed secondary, anything else outline. */
export function statusBadgeVariant(status: string | null | undefined): 'default' | 'secondary' | 'outline' {
  if (status === 'confirmed' || status === 'succeeded' || status === 'sent') return 'default';
  if (status === 'completed') return 'secondary';
  return 'outline';
}
