import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pickMessages } from '@/i18n/messages';
import type { LineDraft } from '../application-form';
import { ApplicationLinesFields, type ProductChoice } from './application-lines-fields';

const PRODUCTS: ProductChoice[] = [
  { id: 1, name: 'Demo Barrier Concentrate', pcpNumber: '99901', unit: 'ml-concentrate' },
  { id: 2, name: 'Demo Larvicide Granules', pcpNumber: '99903', unit: 'g', isActive: false },
];

function render(lines: LineDraft[], errors: Record<string, string> = {}, locale: 'en' | 'fr' = 'en') {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['applicationRecords'])}>
      <ApplicationLinesFields idPrefix="f" lines={lines} onChange={() => {}} products={PRODUCTS} errors={errors} />
    </NextIntlClientProvider>,
  );
}

const line = (key: number, productId = '', amount = ''): LineDraft => ({ key, productId, amount });

describe('ApplicationLinesFields', () => {
  it('asks for one product and its amount on a decimal keypad, the unit beside it, and no "Remove" for a single line', () => {
    const html = render([line(1, '1', '12,5')]);
    expect(html).toContain('<legend');
    expect(html).toContain('for="f-applications-0-productId">Product</label>');
    expect(html).toContain('>Product</label>');
    expect(html).toContain('>Amount</label>');
    expect(html).toMatch(/<input[^>]*id="f-applications-0-amount" type="text" inputMode="decimal"/);
    expect(html).toContain('aria-describedby="f-applications-0-amount-unit"');
    expect(html).toContain('<span id="f-applications-0-amount-unit"');
    expect(html).toContain('mL of concentrate</span>');
    expect(html).toContain('Demo Barrier Concentrate (PCP 99901)');
    expect(html).toContain('Demo Larvicide Granules (PCP 99903, retired)');
    expect(html).not.toContain('Remove product');
    expect(html).toContain('Add product');
  });

  it('numbers the lines once there are two, each with its "Remove"', () => {
    const html = render([line(1, '1', '2'), line(2)]);
    expect(html).toContain('>Product 1</label>');
    expect(html).toContain('>Amount 2</label>');
    expect(html).toContain('Remove product 1');
    expect(html).toContain('Remove product 2');
  });

  it('offers no sixth line', () => {
    const html = render([1, 2, 3, 4, 5].map((k) => line(k)));
    expect(html).not.toContain('Add product');
    expect(html).toContain('A visit records at most 5 products.');
  });

  it('ties each message to its field', () => {
    const html = render([line(1)], { 'applications.0.amount': 'Enter the amount applied.', applications: 'A treatment visit cannot be marked done without its application record.' });
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="f-applications-0-amount-error"');
    expect(html).toContain('<p id="f-applications-0-amount-error" class="text-sm text-red-700">Enter the amount applied.</p>');
    expect(html).toContain('aria-describedby="f-applications-hint f-applications-error"');
  });

  it('speaks French', () => {
    const html = render([line(1, '1')], {}, 'fr');
    expect(html).toContain('Produits appliqués');
    expect(html).toContain('Demo Barrier Concentrate (n° d’homologation 99901)');
    expect(html).toContain('mL de concentré</span>');
  });
});
