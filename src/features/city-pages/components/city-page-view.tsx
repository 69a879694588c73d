import { Bug, Clock, Mail, MapPin, Phone, Quote, ShieldCheck } from 'lucide-react';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AREA_SLUGS } from '@/components/site/areas';
import { localePath } from '@/components/site/locale-paths';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatLabelled } from '@/features/email/email-layout';
import type { Locale } from '@/i18n/routing';
import { cn } from '@/lib/cn';
import { calculateReductionPercent, type CityCopy, pickName, pickText } from '../city-content';
import type { CityContent, PlaceName } from '../city-content.types';
import { ResultsCarousel } from './results-carousel';
import { YardIllustration } from './yard-illustration';
import { toTelHref } from '@/lib/phone';

/** Latin names are the same in every language. */
export const SPECIES = [
  { key: 'culex', latin: 'Culex pipiens' },
  { key: 'vexans', latin: 'Aedes vexans' },
  { key: 'japonicus', latin: 'Aedes japonicus' },
  { key: 'perturbans', latin: 'Coquillettidia perturbans' },
] as const;

export const SERVICE_CARDS = ['onetime', 'seasonal', 'tick'] as const;

const section = 'mx-auto max-w-6xl px-4 py-12 sm:py-16';
/** Room for the sticky site header (at most about 100 px tall at any width) when a hash link lands on a section. */
const anchored = 'scroll-mt-28';
const h2 = 'text-2xl font-bold break-words text-ink sm:text-3xl';

/**
 * A town page. What it says about our service there comes from `copy` (the served prefixes, 0106):
 * a town no longer served keeps its page, says online booking isn't available there and gives the
 * phone instead of the booking buttons; server-rendered like the rest, no script added.
 */
export async function CityPageView({ content, copy, locale, phone, email, postalPrefixes }: {
  content: CityContent;
  copy: CityCopy;
  locale: Locale;
  phone: string;
  email: string;
  postalPrefixes: string[];
}) {
  const [t, tSite] = await Promise.all([getTranslations({ locale, namespace: 'city' }), getTranslations({ locale, namespace: 'site' })]);
  const text = (v: CityContent['hero']['title']) => pickText(v, locale);
  const name = (v: PlaceName) => pickName(v, locale);
  const city = content.name;
  const links = {
    schedule: localePath(locale, '/schedule'),
    pricing: localePath(locale, '/#pricing'),
    contact: localePath(locale, '/contact'),
  };
  const total = content.results.length;
  const unserved = copy.coverage === 'none';
  const callLink = (
    <a href={toTelHref(phone)} className={buttonVariants({ size: 'lg' })}>
      <Phone aria-hidden="true" className="h-5 w-5" />
      {t('unserved.call', { phone })}
    </a>
  );
  const unservedNotice = (id: string) => (
    <div role="note" aria-labelledby={id} className="mt-8 max-w-2xl rounded-xl border border-white/60 bg-white p-5 text-ink">
      <p id={id} className="text-lg font-semibold">{t('unserved.title', { city })}</p>
      <p className="mt-1 text-gray-700">{t('unserved.body', { city })}</p>
      <div className="mt-4">{callLink}</div>
    </div>
  );

  return (
    <article className="wrap-anywhere">
      <header className="bg-gradient-to-b from-leaf-700 to-leaf-600 px-4 py-16 text-white sm:py-24">
        <div className="mx-auto max-w-6xl">
          <p className="text-sm font-semibold uppercase tracking-wide text-white">{t('breadcrumb')} · {city}</p>
          <h1 className="mt-2 text-3xl font-bold break-words sm:text-5xl">{text(content.hero.title)}</h1>
          <p className="mt-4 max-w-2xl text-lg">{text(content.hero.subtitle)}</p>
          <p className="mt-3 flex items-center gap-2 font-medium">
            <ShieldCheck aria-hidden="true" className="h-5 w-5 shrink-0" />
            {t('guarantee')}
          </p>
          {unserved ? unservedNotice('unserved-heading') : null}
          <div className="mt-8 flex flex-wrap gap-3">
            {unserved ? null : <Link href={links.schedule} className={buttonVariants({ size: 'lg' })}>{t('cta.schedule')}</Link>}
            <Link href={links.pricing} className={cn(buttonVariants({ size: 'lg', variant: 'outline' }))}>{t('cta.pricing')}</Link>
            <Link href={links.contact} className={cn(buttonVariants({ size: 'lg', variant: 'outline' }))}>{t('cta.contact')}</Link>
          </div>
        </div>
      </header>

      <section id="intro" aria-labelledby="intro-heading" className={cn(section, anchored)}>
        <h2 id="intro-heading" className={h2}>{t('introHeading', { city })}</h2>
        <div className="mt-4 max-w-3xl space-y-4 text-lg text-gray-700">
          {copy.intro.map((p, i) => <p key={i}>{text(p)}</p>)}
        </div>
      </section>

      <section id="neighbourhoods" aria-labelledby="neighbourhoods-heading" className={cn('bg-gray-50', anchored)}>
        <div className={section}>
          <h2 id="neighbourhoods-heading" className={h2}>{t(unserved ? 'neighbourhoodsHeadingUnserved' : 'neighbourhoodsHeading', { city })}</h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {content.neighbourhoods.map((n) => (
              <li key={pickName(n.name, 'en')} className="rounded-xl border border-gray-200 bg-white p-5">
                <h3 className="flex items-center gap-2 text-lg font-semibold"><MapPin aria-hidden="true" className="h-5 w-5 shrink-0 text-leaf-700" />{name(n.name)}</h3>
                <p className="mt-2 text-gray-700">{text(n.note)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="landmarks" aria-labelledby="landmarks-heading" className={cn(section, anchored)}>
        <h2 id="landmarks-heading" className={h2}>{t('landmarksHeading')}</h2>
        <p className="mt-2 max-w-3xl text-gray-700">{t('landmarksIntro', { city })}</p>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {content.landmarks.map((l) => (
            <li key={pickName(l.name, 'en')} className="rounded-xl border border-gray-200 p-5">
              <h3 className="text-lg font-semibold">{name(l.name)}</h3>
              <p className="mt-2 text-gray-700">{text(l.note)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="testimonial" aria-labelledby="testimonial-heading" className={cn('bg-gray-50', anchored)}>
        <div className={section}>
          <h2 id="testimonial-heading" className={h2}>{t('testimonialHeading', { city })}</h2>
          <figure className="mt-6 max-w-3xl rounded-xl border border-gray-200 bg-white p-6">
            <Quote aria-hidden="true" className="h-8 w-8 text-brand-700" />
            <blockquote className="mt-2 text-lg"><p>{text(content.testimonial.quote)}</p></blockquote>
            <figcaption className="mt-3 font-semibold">{name(content.testimonial.author)}, {name(content.testimonial.place)}</figcaption>
          </figure>
        </div>
      </section>

      <section id="services" aria-labelledby="services-heading" className={cn(section, anchored)}>
        <h2 id="services-heading" className={h2}>{t('servicesHeading', { city })}</h2>
        {/* Three columns only from 1024 px: at 768 a third of the row cut "Zeckenbekämpfung" in two. */}
        <div className="mt-6 grid gap-4 lg:grid-cols-3">
          {SERVICE_CARDS.map((key) => (
            <Card key={key}>
              <CardHeader><CardTitle>{t(`services.${key}.title`)}</CardTitle></CardHeader>
              <CardContent><p className="text-gray-700">{t(`services.${key}.body`)}</p></CardContent>
            </Card>
          ))}
        </div>
        <p className="mt-6"><Link href={links.pricing} className="font-semibold text-brand-800 underline underline-offset-4">{t('servicesLink')}</Link></p>
      </section>

      <section id="faq" aria-labelledby="faq-heading" className={cn('bg-gray-50', anchored)}>
        <div className={section}>
          <h2 id="faq-heading" className={h2}>{t('faqHeading', { city })}</h2>
          <div className="mt-6 space-y-3">
            {copy.faqs.map((f, i) => (
              <details key={i} className="rounded-xl border border-gray-200 bg-white p-5" open={i === 0}>
                <summary className="cursor-pointer text-lg font-semibold">{text(f.question)}</summary>
                <p className="mt-3 text-gray-700">{text(f.answer)}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <section id="results" aria-labelledby="results-heading" className={cn(section, anchored)}>
        <h2 id="results-heading" className={h2}>{t('resultsHeading', { city })}</h2>
        <p className="mt-2 max-w-3xl text-gray-700">{t('resultsIntro')}</p>
        <div className="mt-6">
          <ResultsCarousel
            label={t('carousel.label')}
            previousLabel={t('carousel.previous')}
            nextLabel={t('carousel.next')}
            goToLabels={content.results.map((_, i) => t('carousel.goTo', { index: i + 1 }))}
            slides={content.results.map((r, i) => ({
              key: pickName(r.place, 'en'),
              label: t('carousel.slide', { index: i + 1, total }),
              content: (
                <div className="rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
                  <h3 className="text-xl font-semibold">{name(r.place)}</h3>
                  <p className="mt-1 font-semibold text-leaf-700">{t('carousel.reduction', { percent: calculateReductionPercent(r.landingsBefore, r.landingsAfter) })}</p>
                  <div className="mt-4 grid gap-4 sm:grid-cols-2">
                    {(['before', 'after'] as const).map((phase) => (
                      <figure key={phase} className="space-y-2">
                        <YardIllustration variant={phase} seed={i * 7 + (phase === 'before' ? 1 : 2)} landings={phase === 'before' ? r.landingsBefore : r.landingsAfter} />
                        <figcaption>
                          <span className="font-semibold">{`${formatLabelled(locale, t(`carousel.${phase}`))} `}</span>
                          {t('carousel.landings', { count: phase === 'before' ? r.landingsBefore : r.landingsAfter })}
                        </figcaption>
                      </figure>
                    ))}
                  </div>
                  <dl className="mt-4 grid gap-2 sm:grid-cols-2">
                    <div><dt className="font-semibold">{t('carousel.situation')}</dt><dd className="text-gray-700">{text(r.situation)}</dd></div>
                    <div><dt className="font-semibold">{t('carousel.treatment')}</dt><dd className="text-gray-700">{text(r.treatment)}</dd></div>
                  </dl>
                </div>
              ),
            }))}
          />
        </div>
      </section>

      <section id="species" aria-labelledby="species-heading" className={cn('bg-gray-50', anchored)}>
        <div className={section}>
          <h2 id="species-heading" className={h2}>{t('speciesHeading')}</h2>
          <p className="mt-2 max-w-3xl text-gray-700">{t('speciesIntro')}</p>
          <p className="mt-2 max-w-3xl text-gray-700">{text(content.speciesNote)}</p>
          <ul className="mt-6 grid gap-4 md:grid-cols-2">
            {SPECIES.map((s) => (
              <li key={s.key} className="rounded-xl border border-gray-200 bg-white p-5">
                <h3 className="flex items-center gap-2 text-lg font-semibold"><Bug aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />{t(`species.${s.key}.name`)}</h3>
                <p className="text-sm italic text-gray-600" lang="la">{s.latin}</p>
                <dl className="mt-3 space-y-2 text-sm">
                  {(['breeds', 'active', 'concern'] as const).map((field) => (
                    <div key={field}><dt className="font-semibold">{t(`speciesLabels.${field}`)}</dt><dd className="text-gray-700">{t(`species.${s.key}.${field}`)}</dd></div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          <figure className="mt-8 rounded-xl border-l-4 border-leaf-700 bg-white p-6">
            <h3 className="text-lg font-semibold">{t('expertHeading')}</h3>
            <blockquote className="mt-2 text-lg text-gray-800"><p>{tSite('quoted', { text: text(content.expert.quote) })}</p></blockquote>
            <figcaption className="mt-3 text-sm text-gray-700">— {content.expert.author}, {text(content.expert.role)}</figcaption>
          </figure>
        </div>
      </section>

      <section id="service-area" aria-labelledby="service-area-heading" className={cn(section, anchored)}>
        <h2 id="service-area-heading" className={h2}>{t('serviceAreaHeading')}</h2>
        <p className="mt-2 max-w-3xl text-gray-700">
          {copy.wholeTownText ? text(copy.wholeTownText) : t(unserved ? 'serviceAreaNone' : 'serviceAreaPart', { city, phone })}
        </p>
        {postalPrefixes.length > 0 ? (
          <>
            <h3 className="mt-6 font-semibold">{t('postalCodes')}</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {postalPrefixes.map((p) => <li key={p} className="rounded-md bg-gray-100 px-2 py-1 font-mono text-sm">{p}</li>)}
            </ul>
          </>
        ) : null}
        {copy.nearby.length > 0 ? (
          <>
            <h3 className="mt-6 font-semibold">{t(unserved ? 'nearbyServed' : 'nearby')}</h3>
            <ul className="mt-2 flex flex-wrap gap-3">
              {AREA_SLUGS.filter((s) => copy.nearby.includes(s)).map((s) => (
                <li key={s}><Link href={localePath(locale, `/${s}`)} className="font-medium text-brand-800 underline underline-offset-4">{tSite(`areas.${s}`)}</Link></li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section id="contact" aria-labelledby="contact-heading" className={cn('bg-leaf-700 text-white', anchored)}>
        <div className={section}>
          <h2 id="contact-heading" className="text-2xl font-bold sm:text-3xl">{t('contactHeading', { city })}</h2>
          <p className="mt-2 max-w-3xl">{t('contactIntro')}</p>
          <dl className="mt-6 grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="flex items-center gap-2 font-semibold"><Phone aria-hidden="true" className="h-5 w-5" />{t('phone')}</dt>
              <dd><a href={toTelHref(phone)} className="underline underline-offset-4">{phone}</a></dd>
            </div>
            <div>
              <dt className="flex items-center gap-2 font-semibold"><Mail aria-hidden="true" className="h-5 w-5" />{t('email')}</dt>
              <dd className="break-all"><a href={`mailto:${email}`} className="underline underline-offset-4">{email}</a></dd>
            </div>
            <div>
              <dt className="flex items-center gap-2 font-semibold"><Clock aria-hidden="true" className="h-5 w-5" />{t('hoursLabel')}</dt>
              <dd>{t('hours')}</dd>
            </div>
          </dl>
          {unserved ? unservedNotice('unserved-contact-heading') : (
            <>
              <h3 className="mt-10 text-xl font-semibold">{t('ctaHeading')}</h3>
              <p className="mt-1">{t('ctaBody')}</p>
              <div className="mt-4 flex flex-wrap gap-3">
                <Link href={links.schedule} className={buttonVariants({ size: 'lg' })}>{t('cta.schedule')}</Link>
                <Link href={links.pricing} className={buttonVariants({ size: 'lg', variant: 'outline' })}>{t('cta.pricing')}</Link>
                <Link href={links.contact} className={buttonVariants({ size: 'lg', variant: 'outline' })}>{t('cta.contact')}</Link>
              </div>
            </>
          )}
        </div>
      </section>
    </article>
  );
}
