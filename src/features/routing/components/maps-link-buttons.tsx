'use client';
import { useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** One 'Open Route' link per leg of at most 9 waypoints (DECISIONS §10), each in a new tab. */
export function MapsLinkButtons({ links, name, className }: { links: string[]; name: string; className?: string }) {
  const t = useTranslations('routing');
  if (links.length === 0) return null;
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      {links.map((href, i) => (
        <a
          key={href}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          aria-label={`${links.length > 1 ? t('openRouteLeg', { name, part: i + 1, total: links.length }) : t('openRouteSingle', { name })} ${t('newTab')}`}
          data-testid="maps-link"
        >
          {links.length > 1 ? `${t('openRoute')} (${i + 1}/${links.length})` : t('openRoute')}
        </a>
      ))}
    </div>
  );
}
