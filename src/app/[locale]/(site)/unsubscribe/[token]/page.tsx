import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { getBranch } from '@/features/branch/branch.service';
import { loadUnsubscribeState } from '@/features/marketing-email/consent.service';
import { findToday } from '@/features/scheduling/available-dates';
import { isLocale, toLocale } from '@/i18n/routing';
import { formatLongDate } from '@/lib/format';
import { readRouteParam } from '@/lib/route-param';
import { toTelHref } from '@/lib/phone';

// The customer's state as it is now: nothing here is cached or prerendered.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: toLocale(locale), namespace: 'marketingEmail.unsubscribe' });
  // The address holds the customer's key: no index, and no Referer carrying it anywhere.
  return { title: t('metaTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/**
 * The page a promotional email's "Unsubscribe" link opens (docs/decisions/0043), and a quote
 * email's, which unsubscribes its address from follow-ups and offers (0066): one button, a
 * plain form POST that works without JavaScript; then the confirmation. Opening the link changes
 * nothing (mail scanners open links too). A bad link gets a card with the office's phone.
 */
export default async function UnsubscribePage({ params }: { params: Promise<{ locale: string; token: string }> }) {
  const { locale, token: rawToken } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const token = readRouteParam(rawToken);
  const [t, branch, state] = await Promise.all([
    getTranslations({ locale, namespace: 'marketingEmail.unsubscribe' }),
    getBranch(),
    loadUnsubscribeState(token),
  ]);
  const business = branch.displayName;

  return (
    <div className="px-4 py-12">
      <Card className="mx-auto max-w-xl">
        {state.state === 'invalid' ? (
          <>
            <CardHeader><h1 className="text-2xl font-bold">{t('invalidTitle')}</h1></CardHeader>
            <CardContent className="space-y-3 text-gray-700">
              <p>{t('invalidBody')}</p>
              <p><a className="font-semibold text-brand-800 underline" href={toTelHref(branch.phone)}>{branch.phone}</a></p>
            </CardContent>
          </>
        ) : state.state === 'unsubscribed' ? (
          <>
            <CardHeader><h1 className="text-2xl font-bold">{t('doneTitle')}</h1></CardHeader>
            <CardContent className="space-y-3 text-gray-700" role="status">
              <p>{t(state.subject === 'address' ? 'addressDoneBody' : 'doneBody', { date: formatLongDate(findToday(state.since, branch.timezone), locale, { weekday: false }), business })}</p>
              <p>{t('resubscribe')}</p>
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader><h1 className="text-2xl font-bold">{t(state.subject === 'address' ? 'addressTitle' : 'title')}</h1></CardHeader>
            <CardContent className="space-y-4 text-gray-700">
              <p>{t(state.subject === 'address' ? 'addressBody' : 'body', { business })}</p>
              <form method="post" action={`/api/unsubscribe/${encodeURIComponent(token)}`}>
                <input type="hidden" name="source" value="page" />
                <input type="hidden" name="locale" value={locale} />
                <button type="submit" className={buttonVariants()}>{t('button')}</button>
              </form>
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
