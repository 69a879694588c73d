import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field';
import { FormFooter } from './form-footer';

/** The attributes of the element with this id, as the browser would read them. */
function attributesOf(html: string, id: string): Record<string, string> {
  const tag = html.match(new RegExp(`<[a-z]+[^>]* id="${id}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no element with id ${id} in ${html}`);
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]));
}

/** The text of the element with this id (no nested tags in these fixtures). */
const textOf = (html: string, id: string) => html.match(new RegExp(`id="${id}"[^>]*>([^<]*)<`))?.[1] ?? null;

const render = (props: { hint?: string; error: string | null; describedBy?: string }) => renderToStaticMarkup(
  <FormField id="f-pcp" label="PCP registration number" {...props}>
    {(control) => <input type="text" {...control} />}
  </FormField>,
);

describe('FormField', () => {
  it('labels the control by its id', () => {
    const html = render({ error: null });
    expect(html).toContain('<label');
    expect(html).toMatch(/<label[^>]* for="f-pcp"[^>]*>PCP registration number<\/label>/);
    expect(attributesOf(html, 'f-pcp').type).toBe('text');
  });

  it('leaves a valid control without a description when it has no hint', () => {
    const control = attributesOf(render({ error: null }), 'f-pcp');
    expect(control['aria-invalid']).toBeUndefined();
    expect(control['aria-describedby']).toBeUndefined();
  });

  it('shows the hint and ties it to the control', () => {
    const html = render({ hint: 'Digits only.', error: null });
    expect(attributesOf(html, 'f-pcp')['aria-describedby']).toBe('f-pcp-hint');
    expect(textOf(html, 'f-pcp-hint')).toBe('Digits only.');
    expect(attributesOf(html, 'f-pcp')['aria-invalid']).toBeUndefined();
  });

  it('marks the control invalid and ties the error to it, after the hint', () => {
    const html = render({ hint: 'Digits only.', error: 'Enter 3 to 6 digits.' });
    const control = attributesOf(html, 'f-pcp');
    expect(control['aria-invalid']).toBe('true');
    expect(control['aria-describedby']).toBe('f-pcp-hint f-pcp-error');
    expect(textOf(html, 'f-pcp-error')).toBe('Enter 3 to 6 digits.');
    expect(textOf(html, 'f-pcp-hint')).toBe('Digits only.');
  });

  it('ties an error to a control without a hint', () => {
    const html = render({ error: 'Please enter a name.' });
    expect(attributesOf(html, 'f-pcp')['aria-describedby']).toBe('f-pcp-error');
    expect(textOf(html, 'f-pcp-error')).toBe('Please enter a name.');
    expect(html).not.toContain('f-pcp-hint');
  });

  it('names descriptions that stand outside the field first', () => {
    expect(attributesOf(render({ describedBy: 'f-hours', error: null }), 'f-pcp')['aria-describedby']).toBe('f-hours');
    expect(attributesOf(render({ describedBy: 'f-hours', error: 'Too early.' }), 'f-pcp')['aria-describedby']).toBe('f-hours f-pcp-error');
  });
});

describe('FormFooter', () => {
  const render = (props: Partial<Parameters<typeof FormFooter>[0]> = {}) => renderToStaticMarkup(
    <FormFooter formError={null} busy={false} submitLabel="Add product" savingLabel="Saving…" cancelLabel="Cancel" {...props} />,
  );
  const submitTag = (html: string) => html.match(/<button[^>]*type="submit"[^>]*>/)?.[0] ?? '';

  it('offers Cancel only with somewhere to go back to', () => {
    expect(render()).not.toContain('>Cancel</button>');
    expect(render({ onCancel: () => {} })).toContain('>Cancel</button>');
  });

  it('shows the refusal as an alert, and says it is saving while busy', () => {
    expect(render({ formError: 'Could not save.' })).toMatch(/<p role="alert"[^>]*>Could not save\.<\/p>/);
    expect(render()).not.toContain('role="alert"');
    const busy = render({ busy: true });
    expect(busy).toContain('>Saving…</button>');
    expect(submitTag(busy)).toContain('disabled=""');
  });

  it('holds submit until hydrated only when asked (the server HTML is before hydration)', () => {
    expect(submitTag(render())).not.toContain('disabled=""');
    expect(submitTag(render({ holdUntilHydrated: true }))).toContain('disabled=""');
  });
});
