import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

const TONES = {
  success: { Icon: CheckCircle2, iconClassName: 'text-brand-700', titleClassName: 'text-2xl font-bold' },
  failed: { Icon: XCircle, iconClassName: 'text-red-700', titleClassName: 'text-2xl font-bold' },
  pending: { Icon: Clock, iconClassName: 'text-amber-600', titleClassName: 'text-xl font-semibold' },
} as const;

/** The card the payment return pages show: an icon for the outcome, its title, then the details. */
export function PaymentResultCard({ tone, title, header, contentClassName = 'space-y-4', children }: {
  tone: keyof typeof TONES;
  title: string;
  /** Shown under the title. */
  header?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  const { Icon, iconClassName, titleClassName } = TONES[tone];
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardHeader className="items-center">
        <Icon aria-hidden className={`h-12 w-12 ${iconClassName}`} />
        <h1 className={titleClassName}>{title}</h1>
        {header}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
