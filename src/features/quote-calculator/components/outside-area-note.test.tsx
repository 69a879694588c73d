import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getTranslator, pickMessages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { OutsideAreaNote } from './outside-area-note';

function render(locale: Locale, phone: string) {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['calculator'])}>
      <OutsideAreaNote id="postal-outside" postalCode="M5H 2N2" phone={phone} />
    </NextIntlClientProvider>,
  );
}

/** The calculator's note under a postal code the branch does not serve (0104). */
describe('OutsideAreaNote', () => {
  it.each(['en', 'es', 'fr', 'de'] as const)('says the code is not served online and links the branch phone (%s)', (locale) => {
    const t = getTranslator(locale, 'calculator');
    const html = render(locale, '(905) 555-0134');
    expect(html).toContain('id="postal-outside"');
    expect(html).toContain(t('outsideArea.note', { postalCode: 'M5H 2N2' }).replaceAll("'", '&#x27;'));
    expect(html).toContain(`href="tel:+19055550134">${t('outsideArea.call', { phone: '(905) 555-0134' })}</a>`);
  });

  it('says whom to contact without a link when the branch has no phone', () => {
    const html = render('en', '');
    expect(html).toContain('we don&#x27;t currently service the M5H 2N2 area'.replace('we', 'We'));
    expect(html).toContain('Please contact us');
    expect(html).not.toContain('href=');
  });
});
