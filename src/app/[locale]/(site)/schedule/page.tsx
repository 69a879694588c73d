import { notFound, redirect } from 'next/navigation';
import { localePath } from '@/components/site/locale-paths';
import { isLocale } from '@/i18n/routing';

/** SPEC: city pages link to /schedule, which leads to the booking page in the same language. */
export default async function SchedulePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  redirect(localePath(locale, '/book'));
}
