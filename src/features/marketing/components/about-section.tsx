import { Leaf, ShieldCheck, Trees } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';

/** SPEC §1 "About": founder story, 20 years in family lawn care, the mission, eco-friendly, guarantee. */
export async function AboutSection({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'home.about' });
  const points = [
    { key: 'eco', icon: Leaf },
    { key: 'guarantee', icon: ShieldCheck },
    { key: 'local', icon: Trees },
  ] as const;
  return (
    <section id="about" aria-labelledby="about-heading" className="scroll-mt-24 px-4 py-16">
      <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-2">
        <div className="min-w-0">
          <h2 id="about-heading" className="text-3xl font-bold sm:text-4xl">{t('title')}</h2>
          <p className="mt-4 text-gray-700">{t('story1')}</p>
          <p className="mt-4 text-gray-700">{t('story2')}</p>
          <blockquote className="mt-6 border-l-4 border-brand-500 pl-4 text-xl font-semibold">{t('mission')}</blockquote>
        </div>
        <ul className="min-w-0 space-y-4">
          {points.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-4 rounded-xl border border-gray-200 bg-white p-5">
              <Icon aria-hidden className="h-8 w-8 shrink-0 text-leaf-700" />
              <div>
                <h3 className="font-semibold">{t(`points.${key}.title`)}</h3>
                <p className="mt-1 text-gray-700">{t(`points.${key}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
