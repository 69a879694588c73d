import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { keepReferencesWhole } from './keep-references-whole';

const render = (text: string) => renderToStaticMarkup(<h2>{keepReferencesWhole(text)}</h2>);

describe('keepReferencesWhole', () => {
  it('keeps a booking reference on one line inside a title', () => {
    expect(render('¿Cancelar la reserva BK-WF59ZTNB?')).toBe('<h2>¿Cancelar la reserva <span class="whitespace-nowrap">BK-WF59ZTNB</span>?</h2>');
  });

  it('keeps a receipt number whole, and every reference of a title', () => {
    expect(render('Reçu BK-WF59ZTNB-55 de BK-AMQXZZJT')).toBe(
      '<h2>Reçu <span class="whitespace-nowrap">BK-WF59ZTNB-55</span> de <span class="whitespace-nowrap">BK-AMQXZZJT</span></h2>',
    );
  });

  it('leaves a title without a reference as it is', () => {
    expect(render('Mark the visit to Hedge Rainday done')).toBe('<h2>Mark the visit to Hedge Rainday done</h2>');
  });
});
