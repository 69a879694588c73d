import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { getBranch, getPublicBranchInfo } from '@/features/branch/branch.service';
import { CONTACT_FORM_NAMESPACES, ContactForm } from '@/features/contact/components/contact-form';
import { buildAlternates } from '@/features/seo/alternates';
import { findServedTowns, NAMED_TOWNS } from '@/features/service-area/served-towns';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';
import { toTelHref } from '@/lib/phone';

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'contactForm.page' });
  return { title: t('metaTitle'), description: t('metaDescription'), alternates: buildAlternates(locale, '/contact') };
}

export default async function ContactPage({ params }: Params) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [t, branch, settings] = await Promise.all([getTranslations({ locale, namespace: 'contactForm.page' }), getPublicBranchInfo(), getBranch().then((b) => b.settings)]);
  // SPEC's five towns, those served now, and the communities around them (0100).
  const servedTowns = findServedTowns(NAMED_TOWNS, settings.servedPrefixes);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 wrap-anywhere sm:py-16">
      <h1 className="text-3xl font-bold break-words sm:text-4xl">{t('title')}</h1>
      <p className="mt-3 max-w-2xl text-lg text-gray-700">{t('intro')}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader><h2 className="text-2xl font-semibold" id="contact-form-heading">{t('formHeading')}</h2></CardHeader>
          <CardContent>
            <NextIntlClientProvider locale={locale} messages={pickMessages(locale, CONTACT_FORM_NAMESPACES)}>
              <ContactForm />
            </NextIntlClientProvider>
          </CardContent>
        </Card>
        <aside aria-labelledby="contact-info-heading" className="space-y-6">
          <h2 id="contact-info-heading" className="text-2xl font-semibold">{t('infoHeading')}</h2>
          <dl className="space-y-4">
            <div>
              <dt className="flex items-center gap-2 font-semibold"><Phone aria-hidden="true" className="h-5 w-5 text-leaf-700" />{t('phone')}</dt>
              <dd><a className="text-brand-800 underline underline-offset-4" href={toTelHref(branch.phone)}>{branch.phone}</a></dd>
            </div>
            <div>
              <dt className="flex items-center gap-2 font-semibold"><Mail aria-hidden="true" className="h-5 w-5 text-leaf-700" />{t('email')}</dt>
              <dd className="break-all"><a className="text-brand-800 underline underline-offset-4" href={`mailto:${branch.email}`}>{branch.email}</a></dd>
            </div>
            {branch.mailingAddress ? (
              <div>
                <dt className="flex items-center gap-2 font-semibold"><MapPin aria-hidden="true" className="h-5 w-5 text-leaf-700" />{t('mailingAddress')}</dt>
                <dd>{branch.mailingAddress}</dd>
              </div>
            ) : null}
          </dl>
          <div>
            <h3 className="flex items-center gap-2 font-semibold"><Clock aria-hidden="true" className="h-5 w-5 text-leaf-700" />{t('hoursHeading')}</h3>
            <ul className="mt-2 space-y-1 text-gray-700">
              <li>{t('hoursFriday')}</li>
              <li>{t('hoursWeekdays')}</li>
              <li>{t('hoursWeekend')}</li>
            </ul>
          </div>
          <p className="text-gray-700">{t('replyTime')}</p>
          {servedTowns.length > 0 ? <p className="text-gray-700">{t('serviceArea', { towns: servedTowns.join(', ') })}</p> : null}
        </aside>
      </div>
    </div>
  );
}
