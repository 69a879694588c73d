import { CalendarDays, SearchCheck, Sun } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';

/** SPEC: three steps — schedule, inspection and treatment, enjoy. */
export async function ProcessSection({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'home.process' });
  const steps = [
    { key: 'schedule', icon: CalendarDays },
    { key: 'treatment', icon: SearchCheck },
    { key: 'enjoy', icon: Sun },
  ] as const;
  return (
    <section id="process" aria-labelledby="process-heading" className="scroll-mt-24 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="process-heading" className="text-center text-3xl font-bold sm:text-4xl">{t('title')}</h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map(({ key, icon: Icon }, i) => (
            <li key={key} className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">{i + 1}</span>
                <Icon aria-hidden className="h-6 w-6 text-leaf-700" />
              </div>
              <h3 className="mt-4 text-xl font-semibold">{t(`steps.${key}.title`)}</h3>
              <p className="mt-2 text-gray-700">{t(`steps.${key}.body`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
