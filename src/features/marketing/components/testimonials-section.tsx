import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { LazyTestimonialsCarousel } from './lazy-islands';
import { TestimonialCard, type Testimonial } from './testimonial-card';

const ENTRIES = [
  // Names are not translated, so they live here rather than in the message files.
  { key: 'sarah', author: 'Sarah M.', rating: 5 },
  { key: 'mike', author: 'Mike D.', rating: 5 },
  { key: 'priya', author: 'Priya K.', rating: 5 },
  { key: 'tom', author: 'Tom R.', rating: 4 },
  { key: 'linda', author: 'Linda B.', rating: 5 },
] as const;

/** SPEC: five entries (text, author, role, rating), carousel, link to #schedule. */
export async function TestimonialsSection({ locale }: { locale: Locale }) {
  const [t, tSite] = await Promise.all([getTranslations({ locale, namespace: 'home.testimonials' }), getTranslations({ locale, namespace: 'site' })]);
  const items: Testimonial[] = ENTRIES.map(({ key, author, rating }) => ({
    // Quotation marks follow the language (« » in French, „ “ in German).
    text: tSite('quoted', { text: t(`items.${key}.text`) }), author, role: t(`items.${key}.role`),
    rating, ratingLabel: t('rating', { rating }),
  }));
  const labels = { previous: t('previous'), next: t('next'), goTo: t('goTo'), region: t('title'), slide: t('slide') };
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className="scroll-mt-24 bg-gray-50 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="testimonials-heading" className="text-center text-3xl font-bold sm:text-4xl">{t('title')}</h2>
        <p className="mt-3 text-center text-lg text-gray-700">{t('subtitle')}</p>
        <div className="mt-10">
          <LazyTestimonialsCarousel items={items} labels={labels}>
            {/* Static stand-in with the carousel's first position, sized like it at every width. */}
            <div>
              <ul className="flex">
                {items.slice(0, 3).map((item, i) => (
                  <li key={item.author} className={i === 0 ? 'w-full shrink-0 px-2 md:w-1/2 lg:w-1/3' : i === 1 ? 'hidden w-1/2 shrink-0 px-2 md:block lg:w-1/3' : 'hidden w-1/3 shrink-0 px-2 lg:block'}>
                    <TestimonialCard item={item} />
                  </li>
                ))}
              </ul>
              <div className="mt-6 h-10" />
            </div>
          </LazyTestimonialsCarousel>
        </div>
        <p className="mt-8 text-center">
          <a href="#schedule" className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-5 py-2 text-center font-semibold text-white hover:bg-brand-800">
            {t('cta')}
          </a>
        </p>
      </div>
    </section>
  );
}
