'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type FieldError, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { placeServerErrors, useDescribeError } from '@/components/ui/form-outcome';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FormDialog } from '@/components/ui/record-dialogs';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { usePrefilledFields } from '@/components/ui/prefilled-fields';
import { EXTRA_CODES } from '@/features/pricing/price-table';
import { OutsideAreaFlag } from '@/features/service-area/components/outside-area-flag';
import { findOutsideServiceArea, type ServedPrefix } from '@/features/service-area/postal-code';
import { buildPricingAddress } from '@/features/service-area/pricing-address';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { useCountedSend } from '@/features/staff-dashboard/components/use-counted-send';
import { LOCALES } from '@/i18n/routing';
import { FIELD_LIMITS } from '@/lib/field-limits';
import { formatCad, formatShortDate, formatShortDateTime } from '@/lib/format';
import type { CreatedBooking } from '../booking.types';
import { STAFF_BOOKING_SERVICES, type StaffBookingFormValues, type StaffBookingInput, StaffBookingSchema } from '../staff-booking.schema';

/** The lot sizes the public booking form offers (acres), keyed as `booking.sizes` names them. */
const SIZES = [0.25, 0.5, 0.75, 1, 1.5, 2] as const;
const sizeKey = (acres: number) => String(acres).replace('.', '_');
const FIELDS = ['serviceType', 'propertySize', 'discountCode', 'date', 'address', 'city', 'postalCode', 'notes', 'locale'] as const;

type Quote = { subtotalCents: number; taxCents: number; totalCents: number; customQuote: boolean; discount?: { message?: string } | null };

/**
 * "New booking" on the staff customer page (docs/decisions/0091): the office books what the
 * customer asks for on the phone. The price is the engine's (POST /api/calculate-quote, the one the
 * server charges), the Fridays are the ones the public booking offers, and the customer pays from
 * the email this sends: there is no card field here, ever.
 */
export function StaffNewBookingAction({ customerId, name, email, timeZone, servedPrefixes, initial }: {
  customerId: number;
  name: string;
  email: string;
  /** The branch's, in which the hold's end is said. */
  timeZone: string;
  /**
   * The branch's served prefixes as the page read them (0104): the postal code is checked here as it
   * is typed or prefilled, with the rule the server applies (`findOutsideServiceArea`), without a request.
   */
  servedPrefixes: ServedPrefix[];
  initial: { address: string; city: string; postalCode: string; propertySize: number | null; locale: string };
}) {
  const t = useTranslations('staffBooking');
  const tb = useTranslations('booking');
  const tp = useTranslations('pricing');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [dates, setDates] = useState<string[] | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const defaults: StaffBookingFormValues = {
    serviceType: 'onetime',
    propertySize: SIZES.find((s) => s >= (initial.propertySize ?? 0)) ?? 0.25,
    includeTick: false, includeTargetedInsects: false, extras: [], discountCode: '', date: '',
    address: initial.address, city: initial.city, postalCode: initial.postalCode, notes: '',
    locale: (LOCALES as readonly string[]).includes(initial.locale) ? (initial.locale as StaffBookingInput['locale']) : 'en',
  };
  const { register, handleSubmit, formState, setError, reset, control } = useForm<StaffBookingFormValues, unknown, StaffBookingInput>({
    resolver: zodResolver(StaffBookingSchema),
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = formState;
  const prefilled = usePrefilledFields({ register, formState });
  const describe = useDescribeError();
  const [serviceType, propertySize, includeTick, includeTargetedInsects, extras, discountCode, address, city, postalCode] = useWatch({
    control, name: ['serviceType', 'propertySize', 'includeTick', 'includeTargetedInsects', 'extras', 'discountCode', 'address', 'city', 'postalCode'],
  });
  // Not served (0088): said under the field from the moment the code is complete, and the booking is
  // not sent; the office does not override the owner's area (0104). A half-typed code says nothing.
  const outsideArea = findOutsideServiceArea(String(postalCode ?? ''), servedPrefixes);
  const outsideId = `${id}-postalCode-outside`;

  // The Fridays the public booking offers for this plan (capacity, season, lead time, rain days).
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const query = new URLSearchParams({ serviceType: String(serviceType), includeTargetedInsects: String(!!includeTargetedInsects) });
    void callStaffApi<{ dates: string[] }>(`/api/appointments/available-dates?${query}`, { signal: controller.signal })
      .then(({ ok, body }) => { if (!controller.signal.aborted) setDates(ok && body ? body.dates : []); });
    return () => controller.abort();
  }, [open, serviceType, includeTargetedInsects]);

  // The engine's price for what is chosen, as the server will charge it.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void callStaffApi<Quote>('/api/calculate-quote', {
        method: 'POST',
        signal: controller.signal,
        body: {
          serviceType, propertySize: Number(propertySize), includeTick: serviceType !== 'tick-seasonal' && !!includeTick,
          includeTargetedInsects: !!includeTargetedInsects, extras, discountCode: discountCode || null,
          address: buildPricingAddress(String(address ?? ''), String(city ?? '')),
        },
      }).then(({ ok, body }) => { if (!controller.signal.aborted) setQuote(ok && body ? body : null); });
    }, 300);
    return () => { clearTimeout(timer); controller.abort(); };
  }, [open, serviceType, propertySize, includeTick, includeTargetedInsects, extras, discountCode, address, city]);

  const close = () => {
    setOpen(false);
    setFormError(null);
    reset(defaults);
  };

  const submit = async (values: StaffBookingInput) => {
    setFormError(null);
    const { ok, body } = await callStaffApi<CreatedBooking>(`/api/admin/customers/${customerId}/bookings`, {
      method: 'POST',
      body: { ...values, confirmedTotalCents: quote?.totalCents ?? null },
    });
    if (ok && body) {
      setOpen(false);
      toast({ title: t('sentTitle'), description: t('sentBody', { email, until: formatShortDateTime(body.holdExpiresAt, locale, '', timeZone) ?? '' }) });
      router.refresh();
      return;
    }
    if (!placeServerErrors(body?.fields, FIELDS, setError)) setFormError(body?.message ?? t('failed'));
  };

  const field = (name: (typeof FIELDS)[number], label: string, input: ReactNode, wide = false) => {
    const message = describe(errors[name] as FieldError | undefined);
    return (
      <div className={wide ? 'space-y-1.5 sm:col-span-2' : 'space-y-1.5'}>
        <Label htmlFor={`${id}-${name}`}>{label}</Label>
        {input}
        {message ? <p id={`${id}-${name}-error`} className="text-sm text-red-700">{message}</p> : null}
      </div>
    );
  };
  const aria = (name: (typeof FIELDS)[number]) => {
    const described = [name === 'postalCode' && outsideArea ? outsideId : null, errors[name] ? `${id}-${name}-error` : null].filter(Boolean);
    return {
      id: `${id}-${name}`,
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': described.join(' ') || undefined,
    };
  };

  return (
    <>
      <Button type="button" size="sm" onClick={() => { reset(defaults); setOpen(true); }}>{t('open')}</Button>
      <FormDialog open={open} onClose={close} title={t('title', { name })} description={t('description', { email })} closeLabel={t('close')}>
        <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {field('serviceType', t('service'), (
              <Select {...aria('serviceType')} {...prefilled.field('serviceType')}>
                {STAFF_BOOKING_SERVICES.map((s) => <option key={s} value={s}>{tb(`services.${s}`)}</option>)}
              </Select>
            ), true)}
            {field('propertySize', t('lotSize'), (
              <Select {...aria('propertySize')} {...prefilled.field('propertySize', { valueAsNumber: true })}>
                {SIZES.map((s) => <option key={s} value={s}>{tb(`sizes.${sizeKey(s)}`)}</option>)}
              </Select>
            ), true)}
            <fieldset className="space-y-1.5 sm:col-span-2">
              <legend className="text-sm font-medium">{t('addOns')}</legend>
              {serviceType === 'tick-seasonal' ? null : (
                <label className="flex items-center gap-2 text-sm"><input type="checkbox" {...prefilled.checkbox('includeTick')} />{tp('lines.tick-addon')}</label>
              )}
              <label className="flex items-center gap-2 text-sm"><input type="checkbox" {...prefilled.checkbox('includeTargetedInsects')} />{tp('lines.targeted-insects-addon')}</label>
              {EXTRA_CODES.map((code) => (
                <label key={code} className="flex items-center gap-2 text-sm"><input type="checkbox" {...prefilled.option('extras', code)} />{tp(`lines.${code}`)}</label>
              ))}
            </fieldset>
            {field('discountCode', t('discountCode'), <Input autoComplete="off" maxLength={40} {...aria('discountCode')} {...prefilled.field('discountCode')} />)}
            {field('date', t('friday'), (
              <Select {...aria('date')} {...prefilled.field('date')} disabled={dates === null}>
                <option value="">{dates === null ? t('loadingDates') : dates.length === 0 ? t('noDates') : t('chooseFriday')}</option>
                {(dates ?? []).map((d) => <option key={d} value={d}>{formatShortDate(d, locale)}</option>)}
              </Select>
            ))}
            {field('address', t('address'), <Input autoComplete="off" maxLength={FIELD_LIMITS.address} {...aria('address')} {...prefilled.field('address')} />, true)}
            {field('city', t('city'), <Input autoComplete="off" maxLength={FIELD_LIMITS.city} {...aria('city')} {...prefilled.field('city')} />)}
            {field('postalCode', t('postalCode'), (
              <>
                <Input autoComplete="off" maxLength={FIELD_LIMITS.postalCode} {...aria('postalCode')} {...prefilled.field('postalCode')} />
                <div id={outsideId} aria-live="polite">{outsideArea ? <OutsideAreaFlag flag={outsideArea} for="booking" /> : null}</div>
              </>
            ))}
            {field('notes', t('notes'), (
              <textarea className="min-h-20 w-full rounded-md border border-gray-300 px-3 py-2 text-base" maxLength={FIELD_LIMITS.notes} {...aria('notes')} {...prefilled.field('notes')} />
            ), true)}
            {field('locale', t('emailLanguage'), (
              <Select {...aria('locale')} {...prefilled.field('locale')}>
                {LOCALES.map((l) => <option key={l} value={l}>{t(`languages.${l}`)}</option>)}
              </Select>
            ), true)}
          </div>
          <div aria-live="polite" className="rounded-lg bg-gray-50 p-3 text-sm">
            {quote === null ? <p>{t('priceUnknown')}</p> : quote.customQuote ? <p>{t('customQuote')}</p> : (
              <dl className="grid grid-cols-2 gap-1">
                <dt>{tp('summary.subtotal')}</dt><dd className="text-right">{formatCad(quote.subtotalCents, locale)}</dd>
                <dt>{t('hst')}</dt><dd className="text-right">{formatCad(quote.taxCents, locale)}</dd>
                <dt className="font-semibold">{tp('summary.total')}</dt><dd className="text-right font-semibold">{formatCad(quote.totalCents, locale)}</dd>
              </dl>
            )}
            {quote?.discount?.message ? <p className="mt-1">{quote.discount.message}</p> : null}
            <p className="mt-2 text-gray-700">{t('payByLink')}</p>
          </div>
          {formError ? <p role="alert" className="text-sm text-red-700">{formError}</p> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>{t('cancel')}</Button>
            <Button type="submit" disabled={isSubmitting || quote === null || quote.customQuote || outsideArea !== null} aria-describedby={outsideArea ? outsideId : undefined}>
              {isSubmitting ? t('sending') : t('submit')}
            </Button>
          </div>
        </form>
      </FormDialog>
    </>
  );
}

/**
 * "Waiting for payment, link held until …" on an unpaid booking of the customer page, with "Resend
 * the payment link" (docs/decisions/0091), in the branch's time. One press sends one email (0097):
 * the press names the emails sent so far (`sent`), the button is off while it runs and, once it is
 * answered, until the page has read the new count; a press the server finds stale (another screen
 * sent meanwhile) is told so and sends nothing.
 */
export function PaymentLinkStatus({ bookingRef, heldUntil, timeZone, sent }: { bookingRef: string; heldUntil: string; timeZone: string; sent: number }) {
  const t = useTranslations('staffBooking');
  const locale = useLocale();
  const { press, busy } = useCountedSend(
    sent,
    (seen) => callStaffApi<{ heldUntil: string; sent: number; reason?: string }>(`/api/admin/bookings/${encodeURIComponent(bookingRef)}/payment-link`, { method: 'POST', body: { sent: seen } }),
    ({ ok, body }) => toast(ok ? { title: t('resentTitle') } : { variant: 'destructive', title: t('resendFailed'), description: body?.message ?? undefined }),
  );
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-sm">
      <span>{t('heldUntil', { until: formatShortDateTime(heldUntil, locale, '', timeZone) ?? '' })}</span>
      <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => void press()}>{t('resend')}</Button>
    </span>
  );
}
