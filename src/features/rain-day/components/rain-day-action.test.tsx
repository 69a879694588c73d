import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getTranslator, pickMessages } from '@/i18n/messages';
import type { RainDayBlock } from '../rain-day-offer';
import { RainDayAction } from './rain-day-action';

const render = (locale: 'en' | 'fr', count: number | null, block: RainDayBlock | null) => renderToStaticMarkup(
  <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['rainDay'])}>
    <RainDayAction date="2027-06-11" count={count} block={block} onMoved={() => {}} />
  </NextIntlClientProvider>,
).replaceAll('&#x27;', "'");

/** The rain-day button's opening tag: whether it is off and what describes it. */
const buttonTag = (html: string, label: string) => html.match(new RegExp(`<button[^>]*>${label.replace(/[()]/g, '\\$&')}</button>`))?.[0] ?? null;

describe('"Move this Friday (rain day)" on the route manager', () => {
  it.each(['en', 'fr'] as const)('is off, with the reason beside it, on a day whose visits are all done (%s)', (locale) => {
    const t = getTranslator(locale, 'rainDay');
    const html = render(locale, 2, 'allDone');
    const button = buttonTag(html, t('open'));
    expect(button).toContain('disabled=""');
    const describedBy = button?.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(describedBy).toBeTruthy();
    expect(html).toContain(`id="${describedBy}" class="text-xs text-gray-600 sm:text-right">${t('unavailable.allDone')}</span>`);
  });

  it('says why when only unpaid bookings are left, and is on while a confirmed visit is left', () => {
    const t = getTranslator('en', 'rainDay');
    expect(render('en', 1, 'nothingConfirmed')).toContain(t('unavailable.nothingConfirmed'));
    const open = buttonTag(render('en', 3, null), t('open'));
    expect(open).not.toBeNull();
    expect(open).not.toContain('disabled=""');
    expect(render('en', 3, null)).not.toContain(t('unavailable.allDone'));
  });

  it('is absent on a day without appointments, and while the day loads', () => {
    expect(render('en', 0, null)).toBe('');
    expect(render('en', null, null)).toBe('');
  });
});
