import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { formatLongDate } from '@/lib/format';
import { fillLegalText, type LegalDocument, type LegalFacts, type LegalSection, LEGAL_UPDATED_ON, readMessageList, sectionAnchor } from '../legal-text';

/** A privacy policy or terms page: title, date, table of contents and numbered sections. */
export async function LegalDocumentView({ locale, document, facts }: { locale: Locale; document: LegalDocument; facts: LegalFacts }) {
  const t = await getTranslations({ locale, namespace: 'legal' });
  const sections = readMessageList<LegalSection>(t.raw(`${document}.sections`)).map((s) => ({ heading: s.heading, body: readMessageList<string>(s.body) }));
  const fill = (text: string) => fillLegalText(text, facts);
  const updated = formatLongDate(LEGAL_UPDATED_ON[document], locale, { weekday: false });

  return (
    <article className="mx-auto max-w-3xl px-4 py-12 wrap-anywhere sm:py-16">
      <h1 className="text-3xl font-bold break-words sm:text-4xl">{t(`${document}.title`)}</h1>
      <p className="mt-2 text-sm text-gray-700">{t('updated', { date: updated })}</p>
      <p className="mt-6 text-lg text-gray-800">{fill(t.raw(`${document}.intro`) as string)}</p>
      <nav aria-labelledby="toc-heading" className="mt-8 rounded-xl border border-gray-200 bg-gray-50 p-5">
        <h2 id="toc-heading" className="font-semibold">{t('toc')}</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {sections.map((s, i) => (
            <li key={i}><a href={`#${sectionAnchor(i)}`} className="text-brand-800 underline underline-offset-4">{s.heading}</a></li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        // The margin keeps the heading clear of the sticky site header (at most about 100 px tall at any width).
        <section key={i} id={sectionAnchor(i)} aria-labelledby={`${sectionAnchor(i)}-heading`} className="mt-10 scroll-mt-28">
          <h2 id={`${sectionAnchor(i)}-heading`} className="text-2xl font-semibold break-words">{i + 1}. {s.heading}</h2>
          <div className="mt-3 space-y-3 text-gray-800">
            {s.body.map((p, j) => <p key={j} className="break-words">{fill(p)}</p>)}
          </div>
        </section>
      ))}
    </article>
  );
}
