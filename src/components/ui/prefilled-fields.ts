'use client';
import { type FieldPath, type FieldValues, type FormState, get, type RefCallBack, type RegisterOptions, type UseFormRegister } from 'react-hook-form';
import { useHydrated } from '@/lib/use-hydrated';

/** What a react-hook-form form hands this hook: its register, and its form state for the current default values. */
type PrefillableForm<T extends FieldValues> = { register: UseFormRegister<T>; formState: Pick<FormState<NoInfer<T>>, 'defaultValues'> };

/** A stored value as an input's or select's `defaultValue` (nothing for a value there is none of). */
const asDefaultValue = (value: unknown): string | number | undefined =>
  typeof value === 'string' || typeof value === 'number' ? value : undefined;

/**
 * Registers a radio or checkbox that is held (disabled) until hydration. react-hook-form reads a
 * ticked one's group from the page as it registers and skips disabled inputs, so it would read
 * "nothing chosen": the group is enabled for that moment, then held again until React re-renders.
 */
function registerHeld(ref: RefCallBack, element: HTMLInputElement | null) {
  if (!element?.disabled) return ref(element);
  const group = [...(element.form ?? document).querySelectorAll<HTMLInputElement>(`input[name="${CSS.escape(element.name)}"]`)].filter((input) => input.disabled);
  for (const input of group) input.disabled = false;
  ref(element);
  for (const input of group) input.disabled = true;
}

/**
 * react-hook-form's `register`, plus each field's current default value as the element's own
 * `defaultValue` / `defaultChecked` (docs/decisions/0094). `register` alone gives the element no
 * value, so the server's HTML showed empty fields until React hydrated and the form filled them in.
 * With the value on the element the HTML shows what is stored, and what someone types or picks
 * before hydration differs from the element's default, which react-hook-form reads as an edit and
 * keeps. Radios, checkboxes in a list (`option`) and colour pickers (`heldField`) are the exception:
 * react-hook-form sets them back to their default when they register, so they stay disabled until
 * hydration.
 * The defaults follow `reset(...)`: they are read from the form state on every render.
 */
export function usePrefilledFields<T extends FieldValues>({ register, formState }: PrefillableForm<T>) {
  const hydrated = useHydrated();
  const stored = (name: FieldPath<T>): unknown => get(formState.defaultValues, name);
  const field = <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => ({ ...register(name, options), defaultValue: asDefaultValue(stored(name)) });
  return {
    /** A text input, textarea or select. */
    field,
    /** A colour (or range) input: shows its value, takes no change before hydration. */
    heldField: <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => {
      const registration = field(name, options);
      return { ...registration, disabled: !hydrated || registration.disabled };
    },
    /** A checkbox that stands for a yes or no. */
    checkbox: <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => ({ ...register(name, options), defaultChecked: stored(name) === true }),
    /** One radio of a group, or one checkbox of a list, that stands for `value`. */
    option: <N extends FieldPath<T>>(name: N, value: string, options?: RegisterOptions<T, N>) => {
      const current = stored(name);
      const registration = register(name, options);
      return {
        ...registration,
        ref: hydrated ? registration.ref : (element: HTMLInputElement | null) => registerHeld(registration.ref, element),
        value,
        defaultChecked: Array.isArray(current) ? current.includes(value) : current === value,
        disabled: !hydrated || registration.disabled,
      };
    },
  };
}
