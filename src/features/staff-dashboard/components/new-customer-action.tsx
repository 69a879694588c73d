'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { type FieldError, type Path, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { toRefusal, useDescribeError, useSaveOutcome } from '@/components/ui/form-outcome';
import { Input } from '@/components/ui/input';
import { FormDialog } from '@/components/ui/record-dialogs';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { LOCALES, type Locale } from '@/i18n/routing';
import { FIELD_LIMITS } from '@/lib/field-limits';
import { type NewCustomerFormValues, type NewCustomerInput, NewCustomerSchema, type PhoneMatches } from '../new-customer.schema';
import { callStaffApi } from './staff-api';

const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'postalCode'] as const;
const FIELDS: readonly Path<NewCustomerFormValues>[] = [...TEXT_FIELDS, 'locale', 'marketingConsent'];
const INPUT_TYPE: Partial<Record<(typeof TEXT_FIELDS)[number], string>> = { email: 'email', phone: 'tel' };
const WIDE = new Set<string>(['email', 'address']);

type Existing = { id: number; name: string };

/** A pause in typing before the phone is looked up: one request per number, not per key. */
const PHONE_LOOKUP_DELAY_MS = 300;

/**
 * The customers already on file with the phone being typed (0105), looked up once the number is
 * complete; null while there is nothing to say. A newer number cancels the older lookup.
 */
function usePhoneMatches(phone: string, enabled: boolean): PhoneMatches | null {
  const [found, setFound] = useState<{ phone: string; result: PhoneMatches } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const typed = phone.trim();
    if (typed.replace(/\D/g, '').length < 10) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const { ok, body } = await callStaffApi<PhoneMatches>('/api/admin/customers/phone-matches', { method: 'POST', body: { phone: typed }, signal: controller.signal });
      if (ok && body && !controller.signal.aborted) setFound({ phone: typed, result: { matches: body.matches, total: body.total } });
    }, PHONE_LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [phone, enabled]);
  // An answer for a number since changed says nothing about the one in the field.
  return enabled && found && found.phone === phone.trim() && found.result.total > 0 ? found.result : null;
}

/**
 * "New customer" on the dashboard's Customers tab (docs/decisions/0098): the office adds a
 * first-time caller and lands on their page, where "New booking" books them. What was typed stays
 * in the form through any refusal; a known email offers the existing customer's page instead.
 * `consentWords`: the booking box's sentence in each language, the one the clerk reads out being
 * the email language chosen, which is also what the server records when the customer said yes.
 */
export function NewCustomerAction({ customerDetailsPath, consentWords }: { customerDetailsPath: string; consentWords: Record<Locale, string> }) {
  const t = useTranslations('staffCustomers');
  const tb = useTranslations('staffBooking');
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [existing, setExisting] = useState<Existing | null>(null);
  // Saved and on the way to the customer's page: a second click must not post again.
  const [leaving, setLeaving] = useState(false);
  // The clerk's own screen language first (0105): the one they are most likely speaking on the call.
  const pageLocale = useLocale();
  const defaults: NewCustomerFormValues = {
    firstName: '', lastName: '', email: '', phone: '', address: '', city: '', postalCode: '',
    locale: (LOCALES as readonly string[]).includes(pageLocale) ? (pageLocale as Locale) : 'en',
    marketingConsent: false,
  };
  const { register, handleSubmit, formState, setError, reset, control } = useForm<NewCustomerFormValues, unknown, NewCustomerInput>({
    resolver: zodResolver(NewCustomerSchema),
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = formState;
  const describe = useDescribeError();
  const { formError, runSave } = useSaveOutcome(FIELDS, setError, t('failed'));
  const chosenLocale = useWatch({ control, name: 'locale' });
  const phoneMatches = usePhoneMatches(useWatch({ control, name: 'phone' }) ?? '', open);
  const words = consentWords[(LOCALES as readonly string[]).includes(chosenLocale) ? chosenLocale : 'en'];

  const close = () => {
    setOpen(false);
    setExisting(null);
    reset(defaults);
  };

  const submit = (values: NewCustomerInput) => runSave(async () => {
    setExisting(null);
    const { ok, body } = await callStaffApi<{ id: number; existingCustomer?: Existing }>('/api/admin/customers', { method: 'POST', body: values });
    if (ok && body) {
      setLeaving(true);
      toast({ title: t('created'), description: t('createdBody', { name: `${values.firstName} ${values.lastName}` }) });
      router.push(`${customerDetailsPath}?id=${body.id}`);
      return { ok: true };
    }
    if (body?.existingCustomer) setExisting(body.existingCustomer);
    return toRefusal(body);
  });

  const errorOf = (name: Path<NewCustomerFormValues>) => describe(errors[name as keyof typeof errors] as FieldError | undefined);

  return (
    <>
      <Button type="button" size="sm" onClick={() => setOpen(true)}>{t('open')}</Button>
      <FormDialog open={open} onClose={close} title={t('title')} description={t('description')} closeLabel={t('close')}>
        <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {TEXT_FIELDS.map((field) => (
              <div key={field} className={WIDE.has(field) ? 'sm:col-span-2' : undefined}>
                <FormField id={`${id}-${field}`} label={t(field)} error={errorOf(field)}>
                  {(props) => (
                    <Input
                      {...props}
                      type={INPUT_TYPE[field] ?? 'text'}
                      // Someone else's details: the office's own saved addresses must not be offered.
                      autoComplete="off"
                      maxLength={FIELD_LIMITS[field]}
                      {...register(field)}
                    />
                  )}
                </FormField>
                {/* The customer already on file: open them instead of adding them twice. */}
                {field === 'email' && existing ? (
                  <a className="mt-1 inline-block text-sm text-brand-800 underline" href={`${customerDetailsPath}?id=${existing.id}`}>
                    {t('openExisting', { name: existing.name })}
                  </a>
                ) : null}
                {/* Not a refusal (families share a number): who already has it, before a second record is made (0105). */}
                {field === 'phone' && phoneMatches ? (
                  <div role="status" className="mt-1 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950" data-testid="phone-matches">
                    <ul>
                      {phoneMatches.matches.map((m) => (
                        <li key={m.id}>
                          {m.city ? t('phoneMatch', { name: m.name, town: m.city }) : t('phoneMatchNoTown', { name: m.name })}{' — '}
                          <a className="text-brand-800 underline" href={`${customerDetailsPath}?id=${m.id}`} aria-label={t('openExisting', { name: m.name })}>{t('phoneMatchOpen')}</a>
                        </li>
                      ))}
                    </ul>
                    {phoneMatches.total > phoneMatches.matches.length ? <p>{t('phoneMatchMore', { count: phoneMatches.total - phoneMatches.matches.length })}</p> : null}
                    <p className="text-xs text-amber-900">{t('phoneMatchHint')}</p>
                  </div>
                ) : null}
              </div>
            ))}
            <div className="sm:col-span-2">
              <FormField id={`${id}-locale`} label={t('language')} error={errorOf('locale')}>
                {(props) => (
                  <Select {...props} {...register('locale')}>
                    {LOCALES.map((l) => <option key={l} value={l}>{tb(`languages.${l}`)}</option>)}
                  </Select>
                )}
              </FormField>
            </div>
          </div>
          {/* CASL: express consent is the customer's own yes, never ticked for them; unticked by default. */}
          <fieldset className="space-y-2 rounded-md border border-gray-200 p-3">
            <legend className="px-1 text-sm font-medium">{t('consentHeading')}</legend>
            <div className="flex items-start gap-2">
              <input
                id={`${id}-marketingConsent`}
                type="checkbox"
                className="mt-1 h-4 w-4"
                aria-invalid={errorOf('marketingConsent') ? true : undefined}
                aria-describedby={[`${id}-marketingConsent-hint`, errorOf('marketingConsent') ? `${id}-marketingConsent-error` : null].filter(Boolean).join(' ')}
                {...register('marketingConsent')}
              />
              <label htmlFor={`${id}-marketingConsent`} className="text-sm">{t('consentLabel', { words })}</label>
            </div>
            <p id={`${id}-marketingConsent-hint`} className="text-sm text-gray-600">{t('consentHint')}</p>
            {errorOf('marketingConsent') ? <p id={`${id}-marketingConsent-error`} className="text-sm text-red-700">{errorOf('marketingConsent')}</p> : null}
          </fieldset>
          <FormFooter formError={formError} busy={isSubmitting || leaving} submitLabel={t('submit')} savingLabel={t('saving')} cancelLabel={t('cancel')} onCancel={close} />
        </form>
      </FormDialog>
    </>
  );
}
