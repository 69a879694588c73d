import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import type { OutsideServiceArea } from '../postal-code';

/**
 * "Outside the current service area" on a visit or a quote whose postal code the branch no longer
 * serves (0088, 0096), with the code and the community marked not served, and what the office does
 * about it: `for: 'visit'` (the booking stands, call the customer), `'quote'` (booking it online is
 * refused) or `'booking'` (the office's new booking is refused too, 0104). The same words as the
 * customer page's notice. Server or client: no hooks but the translator.
 */
export function OutsideAreaFlag({ flag, for: about }: { flag: OutsideServiceArea; for: 'visit' | 'quote' | 'booking' }) {
  const t = useTranslations('serviceAreaAdmin.outsideArea');
  return (
    <span className="block w-full text-sm text-amber-950" data-testid="outside-service-area">
      <Badge variant="outline" className="border-amber-400 bg-amber-50 text-amber-950">{t('title')}</Badge>
      <span className="block">{describeOutsideArea(flag, t)}</span>
      <span className="block text-gray-700">{t(about)}</span>
    </span>
  );
}

/** 'L0R 2C4: Vineland is marked not served.', or the code alone when no row names a community. */
export function describeOutsideArea(flag: OutsideServiceArea, t: (key: 'community' | 'noArea', values: Record<string, string>) => string): string {
  return flag.area ? t('community', { postalCode: flag.postalCode, area: flag.area }) : t('noArea', { postalCode: flag.postalCode });
}
