import { useForm } from 'react-hook-form';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { usePrefilledFields } from './prefilled-fields';

type Values = { name: string; province: string; size: number; tick: boolean; plan: string; extras: string[]; note: string; technicianId: number | null };

const stored: Values = { name: 'Escarpment Mosquito & Tick', province: 'ON', size: 0.5, tick: true, plan: 'seasonal', extras: ['gutters'], note: 'Side gate code 1234', technicianId: null };

/** A form as the server renders it: no script has run, nothing has registered. */
function StoredForm({ values }: { values: Values }) {
  const { register, formState } = useForm<Values>({ defaultValues: values });
  const prefilled = usePrefilledFields({ register, formState });
  return (
    <form>
      <input id="name" {...prefilled.field('name')} />
      <select id="province" {...prefilled.field('province')}>
        <option value="">Choose</option>
        <option value="AB">Alberta</option>
        <option value="ON">Ontario</option>
      </select>
      <select id="size" {...prefilled.field('size', { valueAsNumber: true })}>
        {[0.25, 0.5, 1].map((s) => <option key={s} value={s}>{s}</option>)}
      </select>
      <select id="technician" {...prefilled.field('technicianId')}>
        <option value="">Nobody</option>
        <option value="3">Crew A</option>
      </select>
      <textarea id="note" {...prefilled.field('note')} />
      <input id="colour" type="color" {...prefilled.heldField('name')} />
      <input id="tick" type="checkbox" {...prefilled.checkbox('tick')} />
      {['onetime', 'seasonal'].map((plan) => <input key={plan} id={`plan-${plan}`} type="radio" {...prefilled.option('plan', plan)} />)}
      {['gutters', 'shed'].map((code) => <input key={code} id={`extra-${code}`} type="checkbox" {...prefilled.option('extras', code)} />)}
    </form>
  );
}

const html = renderToString(<StoredForm values={stored} />);

/** The opening tag of the element with this id. */
const tagOf = (id: string) => {
  const tag = html.match(new RegExp(`<[a-z]+[^>]* id="${id}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no element with id ${id} in ${html}`);
  return tag;
};
/** The options of a select, each with whether the HTML selects it. */
const optionsOf = (id: string) => [...(html.match(new RegExp(`id="${id}"[^>]*>(.*?)</select>`))?.[1] ?? '').matchAll(/<option([^>]*)>/g)]
  .map(([, attrs]) => ({ value: attrs!.match(/value="([^"]*)"/)?.[1], selected: /\bselected\b/.test(attrs!) }));

describe('usePrefilledFields in the server HTML', () => {
  it('writes the stored text into the input and the textarea', () => {
    expect(tagOf('name')).toContain('value="Escarpment Mosquito &amp; Tick"');
    expect(tagOf('name')).toContain('name="name"');
    expect(html).toMatch(/<textarea[^>]* id="note"[^>]*>Side gate code 1234<\/textarea>/);
  });

  it('selects the stored option, numbers included, and leaves the empty choice for a value there is none of', () => {
    expect(optionsOf('province').filter((o) => o.selected).map((o) => o.value)).toEqual(['ON']);
    expect(optionsOf('size').filter((o) => o.selected).map((o) => o.value)).toEqual(['0.5']);
    expect(optionsOf('technician').filter((o) => o.selected)).toEqual([]);
  });

  it('ticks a yes-or-no checkbox that is stored as yes, and the chosen radio and list items', () => {
    expect(tagOf('tick')).toMatch(/\bchecked\b/);
    expect(tagOf('plan-seasonal')).toMatch(/\bchecked\b/);
    expect(tagOf('plan-onetime')).not.toMatch(/\bchecked\b/);
    expect(tagOf('plan-seasonal')).toContain('value="seasonal"');
    expect(tagOf('extra-gutters')).toMatch(/\bchecked\b/);
    expect(tagOf('extra-shed')).not.toMatch(/\bchecked\b/);
  });

  it('holds radios, list checkboxes and colour pickers until hydration (react-hook-form would undo a change made before), not the other fields', () => {
    for (const id of ['plan-seasonal', 'plan-onetime', 'extra-gutters', 'extra-shed', 'colour']) expect(tagOf(id), id).toMatch(/\bdisabled\b/);
    for (const id of ['name', 'province', 'size', 'tick']) expect(tagOf(id), id).not.toMatch(/\bdisabled\b/);
  });

  it('leaves a field empty when nothing is stored', () => {
    const blank = renderToString(<StoredForm values={{ ...stored, name: '' }} />);
    expect(blank.match(/<input[^>]* id="name"[^>]*>/)?.[0]).toContain('value=""');
  });
});
