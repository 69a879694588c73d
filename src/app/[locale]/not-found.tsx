import { getLocale, getTranslations } from 'next-intl/server';
import { localePath } from '@/components/site/locale-paths';
import { NotFoundCard } from '@/components/site/not-found-card';

export default async function NotFound() {
  const locale = await getLocale();
  const t = await getTranslations('site.notFound');
  return <NotFoundCard title={t('title')} body={t('body')} homeHref={localePath(locale, '/')} homeLabel={t('home')} />;
}
