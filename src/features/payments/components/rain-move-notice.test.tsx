import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pickMessages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { RainMoveNotice } from './rain-move-notice';

function render(locale: Locale, when: 'before' | 'after', moves = [{ from: '2027-06-04', to: '2027-06-11' }]): string {
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['checkout'])}>
      <RainMoveNotice moves={moves} when={when} />
    </NextIntlClientProvider>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, '\'').replace(/[ \n]+/g, ' ').trim();
}

describe('RainMoveNotice (0072)', () => {
  it('names the Friday closed for rain and the Friday the visit takes, before paying and after', () => {
    expect(render('en', 'before')).toBe('Your Friday was closed because of rain We closed Friday, June 4, 2027 because of rain, so your visit is now on Friday, June 11, 2027. We are holding that Friday for you while you pay. If it does not suit you, you can choose another Friday from your booking’s page once you have paid.');
    expect(render('en', 'after')).toContain('the link is in your receipt email');
    expect(render('fr', 'before')).toContain('Nous avons fermé le vendredi 4 juin 2027 pour cause de pluie\u00a0: votre visite aura donc lieu le vendredi 11 juin 2027.');
    expect(render('de', 'after')).toContain('Wir haben den Freitag, 4. Juni 2027 wegen Regens geschlossen. Ihr Besuch findet daher am Freitag, 11. Juni 2027 statt.');
    expect(render('es', 'before')).toContain('Cerramos el viernes, 4 de junio de 2027 por lluvia');
  });

  it('shows nothing when no visit moved', () => {
    expect(render('en', 'after', [])).toBe('');
  });
});
