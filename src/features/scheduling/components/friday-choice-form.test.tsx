import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FridayChoiceForm } from './friday-choice-form';
import type { FridayList } from './use-friday-choice';

const LABELS = {
  loading: 'Reading the Fridays…', loadFailed: 'The Fridays could not be read.', empty: 'No Friday has room.',
  date: 'New Friday', choose: 'Choose a Friday', cancel: 'Keep it', submit: 'Move', submitting: 'Moving…',
};

const noop = () => {};

function render(list: FridayList, { error = null, intro }: { error?: string | null; intro?: string } = {}) {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale="en" timeZone="America/Toronto" messages={{}}>
      <FridayChoiceForm id="move" list={list} intro={intro ? <p>{intro}</p> : null} value="" onChange={noop} error={error} busy={false} labels={LABELS} onCancel={noop} onSubmit={noop} />
    </NextIntlClientProvider>,
  );
}

describe('FridayChoiceForm', () => {
  it('announces that the list is being read, with no form to send yet', () => {
    const html = render({ state: 'loading' });
    expect(html).toContain('role="status"');
    expect(html).toContain(LABELS.loading);
    expect(html).not.toContain('<form');
  });

  it("shows the server's refusal when the list cannot be read, or its own message when there is none", () => {
    expect(render({ state: 'failed', message: 'This booking is closed.' })).toMatch(/role="alert"[^>]*>This booking is closed\.</);
    expect(render({ state: 'failed', message: null })).toContain(LABELS.loadFailed);
    expect(render({ state: 'failed', message: null })).not.toContain('<form');
  });

  it('says no Friday has room instead of offering an empty list, keeping the explanation above it', () => {
    const html = render({ state: 'ready', dates: [] }, { intro: 'Visits stay 14 days apart.' });
    expect(html).toContain(LABELS.empty);
    expect(html).toContain('Visits stay 14 days apart.');
    expect(html).not.toContain('<select');
  });

  it('lists the offered Fridays by their long date, after the empty choice, and ties the error to the list', () => {
    const html = render({ state: 'ready', dates: ['2027-06-11', '2027-06-18'] }, { error: 'That Friday just filled up.' });
    const options = [...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map(([, value, text]) => [value, text]);
    expect(options).toEqual([
      ['', LABELS.choose],
      ['2027-06-11', 'Friday, June 11, 2027'],
      ['2027-06-18', 'Friday, June 18, 2027'],
    ]);
    expect(html).toMatch(/<select[^>]* id="move-date"[^>]*aria-invalid="true"[^>]*aria-describedby="move-error"/);
    expect(html).toMatch(/id="move-error" role="alert"[^>]*>That Friday just filled up\.</);
  });

  it('cannot be sent from the server-rendered page, before it is hydrated', () => {
    const html = render({ state: 'ready', dates: ['2027-06-11'] });
    expect(html).toMatch(/<button [^>]*type="submit" disabled=""[^>]*>Move<\/button>/);
  });
});
