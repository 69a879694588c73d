import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';

const STEPS = ['assessment', 'barrier', 'breeding', 'residual', 'defense'] as const;
const BENEFITS = ['immediate', 'comprehensive', 'longTerm'] as const;

/** SPEC "How It Works": five steps and three benefit cards. */
export async function HowItWorksSection({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'home.howItWorks' });
  return (
    <section id="how-it-works" aria-labelledby="how-heading" className="scroll-mt-24 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="how-heading" className="text-3xl font-bold sm:text-4xl">{t('title')}</h2>
          <p className="mt-3 text-lg text-gray-700">{t('subtitle')}</p>
        </div>
        {/* Three across at most: five narrow columns split "Évaluation", "Barrierebehandlung" mid-word from a tablet to a laptop (0078). */}
        <ol className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step} className="rounded-xl border border-gray-200 bg-white p-5">
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-leaf-700 font-bold text-white">{i + 1}</span>
              <h3 className="mt-3 font-semibold">{t(`steps.${step}.title`)}</h3>
              <p className="mt-1 text-sm text-gray-700">{t(`steps.${step}.body`)}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {BENEFITS.map((benefit) => (
            <div key={benefit} className="rounded-xl bg-brand-50 p-6">
              <h3 className="text-lg font-semibold">{t(`benefits.${benefit}.title`)}</h3>
              <p className="mt-2 text-gray-700">{t(`benefits.${benefit}.body`)}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
