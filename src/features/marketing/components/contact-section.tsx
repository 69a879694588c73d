import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import type { PublicBranchInfo } from '@/features/branch/branch.service';
import { LazyContactForm } from './lazy-islands';
import { toTelHref } from '@/lib/phone';

/** SPEC: contact section (#contact) — the branch's contact facts and the message form. */
export async function ContactSection({ locale, branch }: { locale: Locale; branch: PublicBranchInfo }) {
  const t = await getTranslations({ locale, namespace: 'home.contact' });
  return (
    <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-24 bg-gray-50 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="contact-heading" className="text-3xl font-bold sm:text-4xl">{t('title')}</h2>
          <p className="mt-3 text-lg text-gray-700">{t('subtitle')}</p>
        </div>
        <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="min-w-0 space-y-5 rounded-xl bg-white p-6 shadow-sm">
            <h3 className="text-xl font-semibold">{t('infoTitle')}</h3>
            <p className="flex items-start gap-3"><Phone aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-leaf-700" />
              <span><span className="block text-sm text-gray-600">{t('phone')}</span><a href={toTelHref(branch.phone)} className="font-semibold underline">{branch.phone}</a></span></p>
            <p className="flex items-start gap-3"><Mail aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-leaf-700" />
              <span className="min-w-0"><span className="block text-sm text-gray-600">{t('email')}</span><a href={`mailto:${branch.email}`} className="break-all font-semibold underline">{branch.email}</a>
                <span className="block text-sm text-gray-600">{t('replyTime')}</span></span></p>
            {branch.mailingAddress ? (
              <p className="flex items-start gap-3"><MapPin aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-leaf-700" />
                <span><span className="block text-sm text-gray-600">{t('office')}</span>{branch.mailingAddress}</span></p>
            ) : null}
            <div className="flex items-start gap-3"><Clock aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-leaf-700" />
              <div><p className="text-sm text-gray-600">{t('hoursTitle')}</p>
                <ul className="text-sm"><li>{t('hoursFriday')}</li><li>{t('hoursWeekdays')}</li><li>{t('hoursWeekend')}</li></ul></div></div>
          </div>
          <div className="min-w-0 rounded-xl bg-white p-6 shadow-sm">
            <h3 className="text-xl font-semibold">{t('formTitle')}</h3>
            <div className="mt-4">
              <LazyContactForm>
                <div className="min-h-[30rem]" aria-hidden />
              </LazyContactForm>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
