'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { localePath } from '@/components/site/locale-paths';
import { usePrefilledFields } from '@/components/ui/prefilled-fields';
import { cn } from '@/lib/cn';
import { FIELD_LIMITS, isMessageKey } from '@/lib/field-limits';
import { formatLongDate } from '@/lib/format';
import { formatDeduction, formatMoney } from '@/lib/money';
import { EXTRA_CODES } from '@/features/pricing/price-table';
import { calculatePrice, countVisits, describeLotSize, formatTaxRatePercent } from '@/features/pricing/pricing';
import { recordFunnelStep, trackEvent } from '@/features/analytics/analytics';
import { checkoutPath, type EarlierFridaysNote, fetchFridayOffer } from '@/features/booking/booking-client';
import { applyDateRefusal } from '@/features/booking/date-refusal';
import { ConsentCheckbox } from '@/features/marketing-email/components/consent-checkbox';
import { findReceipt } from '@/features/payments/components/payment-client';
import { buildPricingAddress, cityForPostalCode } from '@/features/service-area/pricing-address';
import { findServedTowns, NAMED_TOWNS } from '@/features/service-area/served-towns';
import { findOutsideServiceArea } from '@/features/service-area/postal-code';
import { useHydrated } from '@/lib/use-hydrated';
import { describeSecondContact } from '../second-contact';
import { applyPlanSelection, bookingFormPath, CALCULATOR_PLANS, CALCULATOR_SIZES, describeAppliedCode, type PlanSelectionDetail, SIZE_LABEL_KEYS, readStoredPlan } from '../calculator-options';
import type { CalculatorSettings } from '../calculator-settings';
import { type CalculatorFormInput, CalculatorFormSchema, type CalculatorFormValues } from '../calculator.schema';
import { parseQuotePrefill } from '../prefill';
import { hasPrefill } from '../prefill-keys';
import { OutsideAreaNote } from './outside-area-note';
import { SendQuoteDialog } from './send-quote-dialog';

export interface PlanSelectionSignal {
  detail: PlanSelectionDetail;
  /** Increases with every event so the same selection twice is applied twice. */
  seq: number;
}

const EMPTY: CalculatorFormInput = {
  firstName: '', lastName: '', email: '', phone: '', address: '', postalCode: '',
  propertySize: '0.25', serviceType: 'onetime', includeTick: false, includeTargetedInsects: false, extras: [], date: '',
  secondContact: { enabled: false, name: '', email: '', phone: '' },
  marketingConsent: false,
};

/** A price the server announced with 409 price_changed, valid for the inputs it was computed for. */
type ServerPrice = { key: string; totalCents: number };

type AppointmentResponse = {
  id?: number; appointmentId?: number; customerId?: number; bookingRef?: string;
  appointments?: { id: number; customerId?: number; customer_id?: number }[];
  subtotalCents?: number; taxCents?: number; totalCents?: number; totalPrice?: number;
  message?: string; code?: string; fields?: Record<string, string>; currentTotalCents?: number;
  /** 409 `day_full`: the Fridays refused, and for a Friday closed to bookings the next open one (0072). */
  fullDates?: string[]; nextDate?: string;
  /** 409 `already_paid`: the order was booked and paid before; `appointmentId` is that booking's. */
  reason?: string;
};

/**
 * The server's answer that this order is already booked and paid (docs/decisions/0025), for the
 * order it was given (`key`), with that payment's confirmation when this tab has seen it.
 */
type AlreadyPaid = { key: string; message: string; receiptPath: string | null };

/** A Friday the server refused (409 `day_full`) and the next open one it named for a closed Friday (0072). */
type DateRefusal = { refused: ReadonlySet<string>; nextDate: string | null };

/**
 * Fridays from the server (with room for the one-time standing-water visit's second stop when it is
 * chosen); if the call fails, the same rule computed here (DECISIONS §3), without the Fridays closed
 * when the page was made or refused since (`live: false`: the page says it could not check the room
 * left). Either way a refused Friday leaves the list and the next open one the server named joins it (0072).
 */
async function loadAvailableDates(serviceType: string, includeTargetedInsects: boolean, settings: CalculatorSettings, refusal: DateRefusal): Promise<{ dates: string[]; live: boolean; earlier: EarlierFridaysNote | null }> {
  const fromServer = await fetchFridayOffer(serviceType, serviceType === 'onetime' && includeTargetedInsects);
  // Only the server knows the room left: it says when earlier Fridays are full or closed (0092, 0099).
  if (fromServer) return { dates: applyDateRefusal(fromServer.dates, refusal), live: true, earlier: fromServer.earlier };
  console.warn('Falling back to locally computed Fridays: available-dates did not answer with a list');
  // Loaded only on failure: the date rules pull in date-fns, which most visitors never need.
  const { listFallbackFridays } = await import('@/features/scheduling/fallback-dates');
  const dates = listFallbackFridays(settings.schedule, {
    visitsFor: (type) => countVisits(settings.priceTable, type),
    now: new Date(),
    serviceType,
    refused: refusal.refused,
    horizonDays: 180,
  });
  return { dates: applyDateRefusal(dates, refusal), live: false, earlier: null };
}

export function QuoteCalculator({ settings, selection }: { settings: CalculatorSettings; selection: PlanSelectionSignal | null }) {
  const hydrated = useHydrated();
  const t = useTranslations('calculator');
  const tRoot = useTranslations();
  const servedTowns = useMemo(() => findServedTowns(NAMED_TOWNS, settings.servedPrefixes), [settings.servedPrefixes]);
  const locale = useLocale();
  const uid = useId();
  const fid = (name: string) => `${uid}-${name}`;
  const form = useForm<CalculatorFormInput, unknown, CalculatorFormValues>({
    resolver: zodResolver(CalculatorFormSchema),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, setValue, getValues, control, formState, setError } = form;
  const { errors, isSubmitting } = formState;
  const prefilled = usePrefilledFields({ register, formState });
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const [consultPicked, setConsultPicked] = useState(false);
  const [dates, setDates] = useState<string[] | null>(null);
  // False when the server's list could not be read and the calculator computed its own (0072).
  const [datesLive, setDatesLive] = useState(true);
  const [earlier, setEarlier] = useState<EarlierFridaysNote | null>(null);
  const [refusal, setRefusal] = useState<DateRefusal>({ refused: new Set(), nextDate: null });
  const [datesVersion, setDatesVersion] = useState(0);
  // After losing a race for a Friday the refreshed list waits for the customer's own pick: a date
  // they never chose is not booked behind their back on the next click.
  const [pickAgain, setPickAgain] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  const [serverPrice, setServerPrice] = useState<ServerPrice | null>(null);
  const [alreadyPaid, setAlreadyPaid] = useState<AlreadyPaid | null>(null);
  const router = useRouter();
  const storedPlan = useRef<ReturnType<typeof readStoredPlan>>(null);

  const [serviceType, propertySize, includeTick, includeTargetedInsects, extras, address, postalCode, secondContactOpen, email, date] = useWatch({
    control,
    name: ['serviceType', 'propertySize', 'includeTick', 'includeTargetedInsects', 'extras', 'address', 'postalCode', 'secondContact.enabled', 'email', 'date'],
  });

  // Start-up order (SPEC §4): stored selection, then the query string, which wins.
  useEffect(() => {
    try {
      storedPlan.current = readStoredPlan(localStorage.getItem('selectedServiceType'), localStorage.getItem('selectedPlanId'));
    } catch {
      storedPlan.current = null;
    }
    if (storedPlan.current) setValue('serviceType', storedPlan.current);
    const search = new URLSearchParams(window.location.search);
    if (!hasPrefill(search) || search.get('directBuy') === 'true') return;
    const prefill = parseQuotePrefill(search);
    for (const [key, value] of Object.entries(prefill)) {
      setValue(key as FieldPath<CalculatorFormInput>, value as never);
    }
    if (prefill.serviceType === 'tick-seasonal') setValue('includeTick', false);
    // The same notice as choosing Acreage by hand (SPEC §5), for a link that arrives with it.
    if (prefill.propertySize === '999') toast({ title: t('toasts.customQuoteTitle'), description: t('toasts.customQuoteBody') });
    // SPEC: after reading the values the URL is cleaned, on the home page only.
    if (window.location.pathname === localePath(locale, '/')) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.hash);
    }
  }, [locale, setValue, t]);

  // A plan picked elsewhere on the page (plan cards, promo popup, booking section).
  useEffect(() => {
    if (!selection) return;
    const outcome = applyPlanSelection(
      { serviceType: getValues('serviceType'), includeTick: getValues('includeTick') },
      selection.detail,
      storedPlan.current,
    );
    setValue('serviceType', outcome.serviceType);
    setValue('includeTick', outcome.includeTick);
    if (outcome.discountCode) setAppliedCode(outcome.discountCode);
    setConsultPicked(outcome.consult);
    // The consultation is not a plan here: bring its note (and its link to the contact form) into view.
    if (outcome.consult) {
      const timer = setTimeout(() => document.getElementById('misting-consult')?.scrollIntoView({ behavior: 'smooth', block: 'center' }), 100);
      return () => clearTimeout(timer);
    }
  }, [selection, getValues, setValue]);

  useEffect(() => {
    let cancelled = false;
    loadAvailableDates(serviceType, includeTargetedInsects ?? false, settings, refusal).then(({ dates: list, live, earlier: note }) => {
      if (cancelled) return;
      setDates(list);
      setDatesLive(live);
      setEarlier(list.length > 0 ? note : null);
      // The first available date is preselected; a date still offered is kept.
      const current = getValues('date');
      if (current && list.includes(current)) return;
      setValue('date', pickAgain ? '' : list[0] ?? '');
    });
    return () => { cancelled = true; };
  }, [serviceType, includeTargetedInsects, settings, datesVersion, pickAgain, refusal, getValues, setValue]);

  const discount = useMemo(
    () => settings.promoDiscounts.find((d) => d.code === appliedCode) ?? null,
    [settings.promoDiscounts, appliedCode],
  );
  // The city Buy Now sends (from the postal code) and the address string the server prices with it.
  const city = cityForPostalCode(postalCode ?? '', settings.servedPrefixes);
  // A complete code the branch does not serve (0104): said under the field as soon as it is typed,
  // and the email modal says it instead of sending a quote that could not be booked.
  const outsideArea = findOutsideServiceArea(postalCode ?? '', settings.servedPrefixes);
  const pricingAddress = buildPricingAddress(address ?? '', city);
  const price = useMemo(() => calculatePrice(
    {
      serviceType,
      propertySize: Number(propertySize),
      includeTick: serviceType === 'tick-seasonal' ? false : includeTick,
      includeTargetedInsects,
      extras: extras ?? [],
      address: pricingAddress,
    },
    { priceTable: settings.priceTable, taxRate: settings.taxRate, discount },
  ), [serviceType, propertySize, includeTick, includeTargetedInsects, extras, pricingAddress, settings, discount]);
  // A server price stands only for the inputs it was given; any change falls back to the preview.
  const priceKey = JSON.stringify([serviceType, propertySize, includeTick, includeTargetedInsects, extras, pricingAddress, appliedCode]);
  const confirmedServerCents = serverPrice?.key === priceKey ? serverPrice.totalCents : null;
  // "Already booked and paid" stands while the plan, Friday, place and email are the ones it was said of.
  const paidKey = JSON.stringify([serviceType, date, address?.trim().toLowerCase(), postalCode?.trim().toUpperCase(), email?.trim().toLowerCase()]);
  const paidNotice = alreadyPaid?.key === paidKey ? alreadyPaid : null;

  const money = useCallback((cents: number) => formatMoney(cents, locale, settings.currency), [locale, settings.currency]);
  const customQuote = price.customQuote;

  const requireAddress = (messageKey: 'addressRequiredEmail' | 'addressRequiredRequest') => {
    if (getValues('address').trim()) return true;
    toast({ variant: 'destructive', title: t('toasts.addressRequiredTitle'), description: t(`toasts.${messageKey}`) });
    // The field itself says so too and takes focus: a keyboard or screen reader user is a dozen
    // fields below it, on the button, when the toast is read.
    form.setError('address', { type: 'manual', message: 'calculator.errors.addressRequired' }, { shouldFocus: true });
    return false;
  };

  const showCustomQuoteToast = () =>
    toast({ title: t('toasts.customQuoteTitle'), description: t('toasts.customQuoteBody') });

  const onBuyNow = async (values: CalculatorFormValues) => {
    if (price.customQuote) { showCustomQuoteToast(); return; }
    const city = cityForPostalCode(values.postalCode, settings.servedPrefixes);
    // First-party funnel (SPEC §3 booking analytics record); it never holds the booking up.
    recordFunnelStep({
      planType: values.serviceType,
      propertySize: values.propertySize,
      city,
      postalCode: values.postalCode,
      customerInfo: { email: values.email, name: `${values.firstName} ${values.lastName}`, address: values.address, city, postalCode: values.postalCode },
    });
    const notes = values.secondContact.enabled ? describeSecondContact(values.secondContact) : null;
    const body = {
      serviceType: values.serviceType,
      propertySize: Number(values.propertySize),
      includeTick: values.serviceType === 'tick-seasonal' ? false : values.includeTick,
      includeTargetedInsects: values.includeTargetedInsects,
      extras: values.extras,
      discountCode: appliedCode ?? undefined,
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone,
      address: values.address,
      city,
      postalCode: values.postalCode,
      date: values.date,
      time: '09:00',
      status: 'pending' as const,
      ...(notes ? { notes } : {}),
      // What the customer agreed to: the preview, or the server's figure once they confirmed it.
      confirmedTotalCents: confirmedServerCents ?? price.totalCents,
      locale,
      marketingConsent: values.marketingConsent === true,
    };
    let res: Response | null = null;
    let data: AppointmentResponse | null = null;
    try {
      res = await fetch('/api/appointments', {
        method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
      });
      data = (await res.json().catch(() => null)) as AppointmentResponse | null;
    } catch {
      res = null;
    }
    if (!res || !res.ok) {
      // This order was booked and paid before (Back after paying, a second tab): say so, with its
      // confirmation when this tab paid it, instead of booking and charging it again.
      if (res?.status === 409 && data?.reason === 'already_paid') {
        setAlreadyPaid({ key: paidKey, message: data.message ?? '', receiptPath: findReceipt(data.appointmentId) });
        return;
      }
      if (res?.status === 400 && data?.fields) {
        for (const [field, message] of Object.entries(data.fields)) {
          const name = field === 'zipCode' ? 'postalCode' : field;
          if (name in EMPTY) setError(name as FieldPath<CalculatorFormInput>, { type: 'server', message });
        }
      }
      // The server's price differs (e.g. a discount ran out): show it and let the customer confirm it.
      if (res?.status === 409 && data?.code === 'price_changed' && typeof data.currentTotalCents === 'number') {
        const totalCents = data.currentTotalCents;
        setServerPrice({ key: priceKey, totalCents });
        toast({ variant: 'destructive', title: t('toasts.priceChangedTitle'), description: t('toasts.priceChangedBody', { price: money(totalCents) }) });
        return;
      }
      // A Friday that filled up meanwhile: offer the fresh list, keep everything typed, and let the
      // customer pick another Friday themselves.
      if (res?.status === 409 && data?.code === 'day_full') {
        const refused = data.fullDates?.length ? data.fullDates : [values.date];
        // The server's message says whether the Friday is full or closed, and names the next open one (0072).
        setRefusal((previous) => ({ refused: new Set([...previous.refused, ...refused]), nextDate: data.nextDate ?? null }));
        setPickAgain(true);
        setValue('date', '');
        setError('date', { type: 'server', message: data.message || t('errors.dateRequired') });
        setDatesVersion((v) => v + 1);
      }
      toast({ variant: 'destructive', title: t('toasts.bookingFailedTitle'), description: data?.message || t('toasts.bookingFailedBody') });
      return;
    }
    const appointmentId = data?.appointmentId ?? data?.appointments?.[0]?.id ?? data?.id;
    const bookingRef = data?.bookingRef;
    // The checkout finds the booking by its reference (the id alone is refused, docs/decisions/0025).
    if (!appointmentId || !bookingRef) {
      toast({ variant: 'destructive', title: t('toasts.bookingErrorTitle'), description: t('toasts.bookingErrorBody') });
      return;
    }
    const customerId = data?.customerId ?? data?.appointments?.[0]?.customerId ?? data?.appointments?.[0]?.customer_id ?? null;
    const totalPrice = data?.totalPrice ?? price.totalPrice;
    // SPEC §3 "checkoutData": what the checkout page reads. Storage may be blocked or full; the
    // appointment exists by now and the checkout also finds it by the id and reference in its address.
    try {
      sessionStorage.setItem('checkoutData', JSON.stringify({
        appointmentId, customerId, bookingRef,
        serviceType: body.serviceType, propertySize: body.propertySize,
        includeTick: body.includeTick, includeTargetedInsects: body.includeTargetedInsects, includeStandingWater: body.includeTargetedInsects,
        extras: body.extras, totalPrice,
        subtotalCents: data?.subtotalCents ?? price.subtotalCents, taxCents: data?.taxCents ?? price.taxCents, totalCents: data?.totalCents ?? price.totalCents,
        firstName: body.firstName, lastName: body.lastName, email: body.email, phone: body.phone,
        address: body.address, city, postalCode: body.postalCode, date: body.date,
        discountCode: appliedCode, quoteId: null,
      }));
    } catch (error) {
      console.warn('Could not keep the checkout details in session storage', error);
    }
    // SPEC §4: the Schedule event fires once the appointment exists (a no-op without ids and consent).
    trackEvent('Schedule', { totalCents: data?.totalCents ?? confirmedServerCents ?? price.totalCents });
    toast({ title: t('toasts.scheduledTitle'), description: t('toasts.scheduledBody') });
    router.push(localePath(locale, checkoutPath(appointmentId, bookingRef)));
  };

  const onBuyNowInvalid = () =>
    toast({ variant: 'destructive', title: t('toasts.missingTitle'), description: t('toasts.missingBookingBody') });

  const fieldError = (name: FieldPath<CalculatorFormInput>) => {
    const message = (errors as Record<string, { message?: string } | undefined>)[name]?.message;
    if (!message) return null;
    // Zod messages are keys; the server's messages arrive already translated.
    const text = isMessageKey(message) ? tRoot(message) : message;
    return <p id={fid(`${name}-error`)} className="text-sm text-red-700">{text}</p>;
  };
  const a11y = (name: FieldPath<CalculatorFormInput>) => {
    const invalid = !!(errors as Record<string, unknown>)[name];
    const note = name === 'postalCode' && outsideArea ? fid('postalCode-outside') : null;
    return { 'aria-invalid': invalid, 'aria-describedby': [note, invalid ? fid(`${name}-error`) : null].filter(Boolean).join(' ') || undefined };
  };
  // Before the first Buy Now the form does not re-check as the customer types, so a message the
  // email modal put on a field (say, a postal code outside the area) goes once the field is edited.
  const clearStaleError = (name: FieldPath<CalculatorFormInput>) => {
    if (!form.formState.isSubmitted && form.getFieldState(name).error) form.clearErrors(name);
  };
  const textField = (name: 'firstName' | 'lastName' | 'email' | 'phone' | 'address' | 'postalCode', extra: { type?: string; autoComplete?: string; placeholder?: string; className?: string } = {}) => (
    <div className={cn('min-w-0 space-y-1.5', extra.className)}>
      <Label htmlFor={fid(name)}>
        {t(`fields.${name}`)} <span aria-hidden className="text-red-700">*</span>
      </Label>
      <Input id={fid(name)} type={extra.type ?? 'text'} autoComplete={extra.autoComplete} placeholder={extra.placeholder} maxLength={FIELD_LIMITS[name]} required {...a11y(name)} {...prefilled.field(name, { onChange: () => clearStaleError(name) })} />
      {name === 'postalCode' && outsideArea ? <OutsideAreaNote id={fid('postalCode-outside')} postalCode={outsideArea.postalCode} phone={settings.officePhone} /> : null}
      {fieldError(name)}
    </div>
  );

  const secondErrors = errors.secondContact as Record<string, { message?: string } | undefined> | undefined;
  const secondField = (name: 'name' | 'email' | 'phone', type: string, autoComplete: string, className?: string) => {
    const message = secondErrors?.[name]?.message;
    const id = fid(`second-${name}`);
    return (
      <div className={cn('min-w-0 space-y-1.5', className)}>
        <Label htmlFor={id}>{t(`secondContact.${name}`)}</Label>
        <Input id={id} type={type} autoComplete={`section-second ${autoComplete}`} maxLength={FIELD_LIMITS[name]} aria-invalid={!!message} aria-describedby={message ? `${id}-error` : undefined} {...prefilled.field(`secondContact.${name}`)} />
        {message ? <p id={`${id}-error`} className="text-sm text-red-700">{isMessageKey(message) ? tRoot(message) : message}</p> : null}
      </div>
    );
  };

  const lotSize = describeLotSize(address ?? '', Number(propertySize));
  const lotSizeDisplay = t(`sizes.${SIZE_LABEL_KEYS[propertySize]}`);
  const discountNote = price.discount && !price.discount.applied ? t('discountNotApplicable', { code: price.discount.code }) : null;
  const codeStatus = describeAppliedCode(appliedCode, settings.promoDiscounts);

  return (
    <>
    <form method="post" noValidate onSubmit={handleSubmit(onBuyNow, onBuyNowInvalid)} className="grid min-w-0 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="min-w-0 space-y-8">
        <fieldset className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
          <legend className="px-1 text-lg font-semibold">{t('customerInfo')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {textField('firstName', { autoComplete: 'given-name' })}
            {textField('lastName', { autoComplete: 'family-name' })}
            {textField('email', { type: 'email', autoComplete: 'email' })}
            {textField('phone', { type: 'tel', autoComplete: 'tel' })}
            {textField('address', { autoComplete: 'street-address', className: 'sm:col-span-2' })}
            {textField('postalCode', { autoComplete: 'postal-code', placeholder: 'L8P 1A1' })}
          </div>
        </fieldset>

        <div className="min-w-0 rounded-xl border border-dashed border-gray-300 bg-white p-4 sm:p-6">
          <button
            type="button"
            aria-expanded={!!secondContactOpen}
            aria-controls={fid('second-contact')}
            onClick={() => setValue('secondContact.enabled', !secondContactOpen, { shouldValidate: formState.isSubmitted })}
            className="flex w-full items-center justify-between gap-3 text-left font-semibold text-brand-800"
          >
            <span>{t(secondContactOpen ? 'secondContact.remove' : 'secondContact.toggle')}</span>
            <span aria-hidden className="text-xl leading-none">{secondContactOpen ? '−' : '+'}</span>
          </button>
          <p className="mt-1 text-sm text-gray-600">{t('secondContact.hint')}</p>
          {secondContactOpen ? (
            <fieldset id={fid('second-contact')} className="mt-4 min-w-0">
              <legend className="sr-only">{t('secondContact.legend')}</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                {secondField('name', 'text', 'name', 'sm:col-span-2')}
                {secondField('email', 'email', 'email')}
                {secondField('phone', 'tel', 'tel')}
              </div>
            </fieldset>
          ) : null}
        </div>

        <div className="min-w-0 space-y-1.5">
          <Label htmlFor={fid('propertySize')}>
            {t('fields.propertySize')} <span aria-hidden className="text-red-700">*</span>
          </Label>
          <select
            id={fid('propertySize')}
            className="flex h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-base"
            aria-describedby={fid('propertySize-hint')}
            {...prefilled.field('propertySize', { onChange: (e: { target: { value: string } }) => { if (e.target.value === '999') showCustomQuoteToast(); } })}
          >
            {CALCULATOR_SIZES.map((size) => <option key={size} value={size}>{t(`sizes.${SIZE_LABEL_KEYS[size]}`)}</option>)}
          </select>
          {/* SPEC's four sizes stop at 3/4 acre and the custom quote begins over 2 acres (DECISIONS §1): the lots between are priced by the booking form (0084). */}
          <p id={fid('propertySize-hint')} className="text-sm text-gray-600">
            {t.rich('bookingFormSizesHint', { link: (chunks) => <a className="underline" href={bookingFormPath(locale, serviceType)}>{chunks}</a> })}
          </p>
          {lotSize.matchedKeyword && lotSize.estimatedAcres ? (
            <p className="text-sm text-gray-600">{t('lotEstimate', { acres: lotSize.estimatedAcres })}</p>
          ) : null}
        </div>

        <fieldset className="min-w-0">
          <legend className="mb-2 text-lg font-semibold">{t('planLegend')}</legend>
          <div className="grid gap-3 md:grid-cols-3">
            {CALCULATOR_PLANS.map((plan) => (
              <label key={plan} className={cn(
                'flex min-w-0 cursor-pointer flex-col gap-1 rounded-lg border p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
              )}>
                <span className="flex items-center gap-2 font-semibold">
                  <input type="radio" className="h-4 w-4 accent-brand-700" {...prefilled.option('serviceType', plan, {
                    onChange: (e: { target: { value: string } }) => { if (e.target.value === 'tick-seasonal') setValue('includeTick', false); },
                  })} />
                  {t(`plans.${plan}.name`)}
                </span>
                <span className="text-sm text-gray-600">{t(`plans.${plan}.summary`)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="min-w-0 space-y-3">
          <legend className="mb-2 text-lg font-semibold">{t('addOnsLegend')}</legend>
          {serviceType !== 'tick-seasonal' ? (
            <label className="flex items-start gap-3">
              <input type="checkbox" className="mt-1 h-4 w-4 accent-brand-700" {...prefilled.checkbox('includeTick')} />
              <span>
                <span className="font-medium">{t('addOns.tick')}</span>
                <span className="block text-sm text-gray-600">{t(serviceType === 'seasonal' ? 'addOns.tickSeasonalHint' : 'addOns.tickOnetimeHint')}</span>
              </span>
            </label>
          ) : null}
          <label className="flex items-start gap-3">
            <input type="checkbox" className="mt-1 h-4 w-4 accent-brand-700" {...prefilled.checkbox('includeTargetedInsects')} />
            <span>
              <span className="font-medium">{t('addOns.targetedInsects')}</span>
              <span className="block text-sm text-gray-600">{t('addOns.targetedInsectsHint')}</span>
            </span>
          </label>
          <p className="pt-2 text-sm font-semibold text-gray-700">{t('extrasHeading')}</p>
          {EXTRA_CODES.map((code) => (
            <label key={code} className="flex items-start gap-3">
              <input type="checkbox" className="mt-1 h-4 w-4 accent-brand-700" {...prefilled.option('extras', code)} />
              <span className="font-medium">
                {t(`extras.${code}`)} <span className="font-normal text-gray-600">(+{money(settings.priceTable.extras[code])})</span>
              </span>
            </label>
          ))}
          <p id="misting-consult" className={cn('rounded-md border p-3 text-sm', consultPicked ? 'border-brand-600 bg-brand-50' : 'border-gray-200 bg-gray-50')}>
            {t.rich('mistingNote', {
              price: money(settings.priceTable.mistingSystem.annualCents),
              contact: (chunks) => <a href="#contact" className="font-semibold text-brand-800 underline">{chunks}</a>,
            })}
          </p>
        </fieldset>
      </div>

      <div className="min-w-0 space-y-6 lg:sticky lg:top-28 lg:self-start">
        <section aria-labelledby={fid('total-heading')} className="rounded-xl border-2 border-brand-500 bg-brand-50 p-4 sm:p-6" data-testid="estimate">
          <h3 id={fid('total-heading')} className="text-lg font-semibold">{t('estimatedTotal')}</h3>
          {customQuote ? (
            <div className="mt-3 space-y-2">
              <Button type="button" size="lg" className="w-full" onClick={() => { if (requireAddress('addressRequiredRequest')) setEmailOpen(true); }}>
                {t('requestQuote')}
              </Button>
              <p className="text-sm text-gray-700">{t('customQuoteHint')}</p>
            </div>
          ) : (
            <>
              <p className="mt-2 text-4xl font-bold" data-testid="pre-tax-total">
                {money(price.subtotalCents)} <span className="text-base font-semibold text-gray-700">{t('plusHst')}</span>
              </p>
              <ul className="mt-4 space-y-1 text-sm">
                {price.lines.map((line) => (
                  <li key={line.code} className="flex justify-between gap-3">
                    <span className="min-w-0">{tRoot(line.labelKey, { quantity: line.quantity })}</span>
                    <span className="shrink-0 tabular-nums">{money(line.amountCents)}</span>
                  </li>
                ))}
                {price.premiumCents > 0 ? (
                  <li className="flex justify-between gap-3"><span className="min-w-0">{tRoot('pricing.premiumArea')}</span><span className="shrink-0 tabular-nums">{money(price.premiumCents)}</span></li>
                ) : null}
                {price.discount?.applied ? (
                  <li className="flex justify-between gap-3 font-medium text-leaf-700">
                    <span className="min-w-0">{t('discountApplied', { code: price.discount.code })}</span>
                    <span className="shrink-0 tabular-nums">{formatDeduction(price.discountCents, locale, settings.currency)}</span>
                  </li>
                ) : null}
              </ul>
              <dl className="mt-4 space-y-1 border-t border-brand-500/40 pt-3 text-sm">
                <div className="flex justify-between"><dt>{t('subtotal')}</dt><dd className="tabular-nums" data-testid="subtotal">{money(price.subtotalCents)}</dd></div>
                <div className="flex justify-between"><dt>{t('hst', { rate: formatTaxRatePercent(settings.taxRate, locale) })}</dt><dd className="tabular-nums" data-testid="tax">{money(price.taxCents)}</dd></div>
                <div className="flex justify-between text-base font-bold"><dt>{t('total')}</dt><dd className="tabular-nums" data-testid="total">{money(price.totalCents)}</dd></div>
              </dl>
            </>
          )}
          {codeStatus?.available ? <p className="mt-3 text-sm font-semibold text-leaf-700">{t('codeInUse', { code: codeStatus.code })}</p> : null}
          {codeStatus && !codeStatus.available ? <p className="mt-3 text-sm text-gray-700">{t('codeUnavailable', { code: codeStatus.code })}</p> : null}
          {discountNote ? <p className="mt-1 text-sm text-gray-700">{discountNote}</p> : null}
          {/* No estimate to qualify on a custom quote. */}
          {customQuote ? null : <p className="mt-3 text-xs text-gray-600">{t('disclaimer')}</p>}
          <Button type="button" variant="outline" className="mt-4 w-full" onClick={() => { if (requireAddress('addressRequiredEmail')) setEmailOpen(true); }}>
            {t('sendByEmail')}
          </Button>
        </section>

        <section aria-labelledby={fid('booking-heading')} className="rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
          <h3 id={fid('booking-heading')} className="text-lg font-semibold">{t('completeBooking')}</h3>
          <div className="mt-3 space-y-1.5">
            <Label htmlFor={fid('date')}>
              {t('fields.date')} <span aria-hidden className="text-red-700">*</span>
            </Label>
            <select id={fid('date')} className="flex h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-base" disabled={dates === null} {...a11y('date')} aria-describedby={[dates !== null && !datesLive ? fid('date-offline') : null, earlier ? fid('date-earlier') : null, errors.date ? fid('date-error') : null].filter(Boolean).join(' ') || undefined} {...prefilled.field('date', {
              onChange: (e: { target: { value: string } }) => { if (e.target.value) setPickAgain(false); },
            })}>
              {dates === null ? <option value="">{t('loadingDates')}</option> : null}
              {dates?.length && pickAgain ? <option value="">{t('errors.dateRequired')}</option> : null}
              {dates?.length === 0 ? <option value="">{t('noDates')}</option> : null}
              {dates?.map((d) => <option key={d} value={d}>{formatLongDate(d, locale)}</option>)}
            </select>
            {fieldError('date')}
            {earlier ? <p id={fid('date-earlier')} className="text-sm text-gray-700">{t(earlier)}</p> : null}
            {/* The server's list could not be read: this one follows the schedule, not the room left (0072). */}
            {dates !== null && !datesLive ? <p id={fid('date-offline')} className="text-sm text-amber-900">{t('offlineDates')}</p> : null}
            <p className="text-xs text-gray-600">{t('fridaysOnly')}</p>
          </div>
          {confirmedServerCents !== null ? (
            <p role="status" className="mt-4 rounded-md border border-brand-600 bg-brand-50 p-3 text-sm font-medium" data-testid="server-price">
              {t('priceChangedNotice', { price: money(confirmedServerCents) })}
            </p>
          ) : null}
          <div className="mt-4">
            <ConsentCheckbox id={fid('marketingConsent')} businessName={settings.businessName} inputProps={prefilled.checkbox('marketingConsent')} />
          </div>
          <Button type="submit" size="lg" className="mt-4 w-full" disabled={!hydrated || isSubmitting}>
            {isSubmitting ? t('processing') : confirmedServerCents !== null ? t('confirmPrice', { price: money(confirmedServerCents) }) : t('buyNow')}
          </Button>
          {paidNotice ? (
            <div role="alert" className="mt-4 space-y-2 rounded-md border border-leaf-600 bg-green-50 p-3 text-sm" data-testid="already-paid">
              <p className="font-semibold">{t('alreadyPaid.title')}</p>
              <p>{paidNotice.message}</p>
              {paidNotice.receiptPath ? (
                <a href={paidNotice.receiptPath} className="inline-block font-medium text-brand-800 underline">{t('alreadyPaid.viewConfirmation')}</a>
              ) : null}
            </div>
          ) : null}
        </section>

        {/* SPEC's five towns, those served now, and the communities the map shows beside them (0100). */}
        {servedTowns.length > 0 ? <p className="text-sm text-gray-600">{t('serviceAreaNote', { towns: servedTowns.join(', ') })}</p> : null}
      </div>
    </form>

      <SendQuoteDialog
        open={emailOpen}
        custom={customQuote}
        outsideArea={outsideArea}
        officePhone={settings.officePhone}
        onOpenChange={setEmailOpen}
        form={form}
        quote={{
          serviceType, propertySize: Number(propertySize),
          includeTick: serviceType === 'tick-seasonal' ? false : includeTick,
          includeTargetedInsects, extras: extras ?? [], discountCode: appliedCode ?? undefined,
          totalPrice: price.totalPrice, lotSizeDisplay,
          city,
        }}
      />
    </>
  );
}
