/**
 * /request-service confirms a custom-quote request on the page, and repeats the special requests the
 * customer wrote, as typed and escaped, as their confirmation email does (0087). In four languages.
 */
import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { getTranslator, loadMessages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { CustomQuoteSentNotice } from './service-request-form';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: () => undefined }) }));

const render = (locale: Locale, notes: string) => renderToStaticMarkup(
  <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={loadMessages(locale)}><CustomQuoteSentNotice notes={notes} /></NextIntlClientProvider>,
);

describe("/request-service's confirmation of a custom-quote request", () => {
  it.each(['en', 'es', 'fr', 'de'] as const)('says it was sent and repeats the special requests, escaped, line breaks kept (%s)', (locale) => {
    const t = getTranslator(locale, 'booking');
    const html = render(locale, 'Gate <b>locked</b>\nCall & wait');
    expect(html).toContain(t('request.customSentTitle'));
    expect(html).toContain(`>${t('request.customSentNotes')}</p><p class="whitespace-pre-line wrap-anywhere">Gate &lt;b&gt;locked&lt;/b&gt;\nCall &amp; wait</p>`);
  });

  it('says nothing of special requests when none were written', () => {
    const html = render('en', '');
    expect(html).toContain('Request Sent');
    expect(html).not.toContain('special requests');
  });
});
