import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';

/**
 * The owner's dashboard, before the season (docs/decisions/0102): the active crews whose
 * application records would name no licence number while products are active, with the way to
 * the Technicians screen where the number is added. Nothing when every crew has one.
 */
export async function LicenceGapsNotice({ locale, crews, techniciansHref }: {
  locale: Locale;
  crews: readonly { id: number; name: string }[];
  techniciansHref: string;
}) {
  if (crews.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'technicians' });
  return (
    <section aria-labelledby="before-season-title" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="before-season-title" className="text-lg font-semibold">{t('beforeSeason.title')}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        <li>
          {t('beforeSeason.licenceMissing', { count: crews.length, names: crews.map((crew) => crew.name).join(', ') })}{' '}
          <a className="inline-flex min-h-6 items-center font-medium underline underline-offset-4" href={techniciansHref}>{t('beforeSeason.licenceLink')}</a>
        </li>
      </ul>
    </section>
  );
}
