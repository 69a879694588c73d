import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { localePath } from '@/components/site/locale-paths';
import { NotFoundCard } from '@/components/site/not-found-card';

// The layout's template adds the brand: "Page not found | Escarpment Mosquito & Tick".
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('site.notFound');
  return { title: t('pageTitle') };
}

export default async function NotFound() {
  const locale = await getLocale();
  const t = await getTranslations('site.notFound');
  return <NotFoundCard title={t('title')} body={t('body')} homeHref={localePath(locale, '/')} homeLabel={t('home')} />;
}
