import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { closeOnSuccess, toRefusal } from './form-outcome';
import { ActiveToggleButton, AddRecordCard, RecordListSection, RecordRow } from './record-list';

const noop = () => {};

describe('RecordListSection', () => {
  const render = (props: { notice?: string | null; details?: string; error?: string | null; warning?: string | null } = {}) => renderToStaticMarkup(
    <RecordListSection titleId="crews-title" title="Technicians" notice={props.notice ?? null} noticeDetails={props.details} error={props.error ?? null} warning={props.warning}>
      <li>Crew A</li>
    </RecordListSection>,
  );

  it('is a region named by its heading, around a list named the same way', () => {
    const html = render();
    expect(html).toMatch(/^<section aria-labelledby="crews-title"/);
    expect(html).toContain('<h2 id="crews-title" class="text-xl font-semibold">Technicians</h2>');
    expect(html).toContain('<ul class="space-y-3" aria-labelledby="crews-title"><li>Crew A</li></ul>');
  });

  it('keeps the polite status region on the page while empty, and announces a notice with its details in it', () => {
    expect(render()).toContain('<div role="status" aria-live="polite"></div>');
    const html = render({ notice: 'Crew D is added.', details: 'Optimise Friday again.' });
    const status = html.match(/<div role="status" aria-live="polite">(.*?)<\/div><\/div>/)?.[1] ?? '';
    expect(status).toContain('<p class="font-medium">Crew D is added.</p>');
    expect(status).toContain('Optimise Friday again.');
  });

  it('shows a row action refusal as an alert, and the standing warning, only when there is one', () => {
    expect(render()).not.toContain('role="alert"');
    expect(render({ error: 'Could not save.' })).toMatch(/<p role="alert"[^>]*>Could not save\.<\/p>/);
    expect(render({ warning: 'Nobody is active.' })).toContain('>Nobody is active.</p>');
  });
});

describe('RecordRow', () => {
  const render = (alignTop?: boolean) => renderToStaticMarkup(
    <RecordRow testId="crew-row" name="Crew A" isActive={false} stateLabel="Inactive" marker={<span data-dot="" />} tags={<span>You</span>} alignTop={alignTop} actions={<button type="button">Edit</button>}>
      <p>Shift: 9 to 5</p>
    </RecordRow>,
  );

  it('heads the row with the name before its tags and its state, then the lines and the buttons', () => {
    const html = render();
    expect(html).toContain('data-testid="crew-row"');
    expect(html).toMatch(/<h3[^>]*><span data-dot=""><\/span><span class="break-words">Crew A<\/span><span>You<\/span><span class="[^"]*bg-gray-200[^"]*">Inactive<\/span><\/h3><p>Shift: 9 to 5<\/p>/);
    expect(html).toContain('<div class="flex shrink-0 flex-wrap gap-2"><button type="button">Edit</button></div>');
  });

  it('centres the buttons unless asked to align them to the top', () => {
    expect(render()).toContain('sm:items-center');
    expect(render(true)).toContain('sm:items-start');
    expect(render(true)).not.toContain('sm:items-center');
  });
});

describe('ActiveToggleButton', () => {
  const render = (isActive: boolean, busy = false) => renderToStaticMarkup(
    <ActiveToggleButton isActive={isActive} recordName="Crew A" deactivateLabel="Deactivate" reactivateLabel="Reactivate" busy={busy} onDeactivate={noop} onReactivate={noop} />,
  );

  it('offers to deactivate an active record and to reactivate an inactive one, naming the record', () => {
    expect(render(true)).toContain('Deactivate<span class="sr-only"> Crew A</span>');
    expect(render(false)).toContain('Reactivate<span class="sr-only"> Crew A</span>');
    expect(render(false)).toContain('bg-brand-700');
    expect(render(true)).not.toContain('bg-brand-700');
  });

  it('waits while the row saves', () => {
    expect(render(true, true)).toContain('disabled=""');
    expect(render(true)).not.toContain('disabled=""');
  });
});

describe('AddRecordCard', () => {
  it('gives its heading the id the form inside is labelled by', () => {
    const html = renderToStaticMarkup(<AddRecordCard titleId="add-title" title="Add a technician" intro="They get stops from the next optimisation."><form aria-labelledby="add-title" /></AddRecordCard>);
    expect(html).toContain('<h2 id="add-title" class="text-xl font-semibold leading-tight">Add a technician</h2>');
    expect(html).toContain('They get stops from the next optimisation.</p>');
    expect(html).toContain('<form aria-labelledby="add-title"></form>');
  });
});

describe('closeOnSuccess and toRefusal', () => {
  it('closes the dialog only once the save went through, and hands the outcome on', async () => {
    let closed = 0;
    const close = () => { closed += 1; };
    expect(await closeOnSuccess(Promise.resolve({ ok: true }), close)).toEqual({ ok: true });
    expect(closed).toBe(1);
    const refused = toRefusal({ message: 'Taken.', fields: { name: 'Taken.' } });
    expect(await closeOnSuccess(Promise.resolve(refused), close)).toEqual({ ok: false, message: 'Taken.', fields: { name: 'Taken.' } });
    expect(closed).toBe(1);
  });

  it('reads a body that said nothing as a refusal without a message', () => {
    expect(toRefusal(null)).toEqual({ ok: false, message: null, fields: undefined });
  });
});
