'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { usePrefilledFields } from '@/components/ui/prefilled-fields';
import { recordFunnelStep, trackEvent } from '@/features/analytics/analytics';
import { ConsentCheckbox } from '@/features/marketing-email/components/consent-checkbox';
import { type ApplicableDiscount, normaliseDiscountCode } from '@/features/pricing/discount';
import { EXTRA_CODES, type ExtraCode, type PriceTable } from '@/features/pricing/price-table';
import { calculatePrice, countVisits, formatTaxRatePercent, normaliseServiceType } from '@/features/pricing/pricing';
import { listFallbackFridays, type PageSchedule } from '@/features/scheduling/fallback-dates';
import { FIELD_LIMITS, isMessageKey } from '@/lib/field-limits';
import { formatLongDate } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { useHydrated } from '@/lib/use-hydrated';
import {
  type BookingApiError, checkoutPath, checkPostalCode, createAppointment, type EarlierFridaysNote, fetchFridayOffer, mapServerField, storeCheckoutData,
} from '../booking-client';
import { BookingFormSchema, type BookingFormValues } from '../booking.schema';
import { applyDateRefusal } from '../date-refusal';

/** The branch's schedule rules and the Fridays closed to bookings when the page was made (0072). */
export type ScheduleProps = PageSchedule;
export type PricingProps = {
  priceTable: PriceTable;
  taxRate: number;
  /** Codes the page can price itself (MIDSEASON while it is valid); the server re-checks every code. */
  promoDiscounts?: readonly ApplicableDiscount[];
};

/** SPEC §3 booking-form sizes (acres); 0.5 is the default. */
export const BOOKING_SIZES = ['0.25', '0.5', '0.75', '1', '1.5', '2'] as const;

export type BookingFormProps = {
  /** 'section': landing-page #schedule; 'page': /book and 'quote': /book-quote (service-area check first, 0096). */
  variant: 'section' | 'page' | 'quote';
  pricing: PricingProps;
  schedule: ScheduleProps;
  /** The locale-prefixed /checkout path builder (`localePath`) result prefix, e.g. '' or '/fr'. */
  pathPrefix: string;
  /** The branch's name, which the promotional-email consent box names (CASL: who is asking). */
  businessName: string;
  initialValues?: Partial<BookingFormValues>;
  discountCode?: string | null;
  quoteId?: number | null;
  /** Quote extras (breeding-site inspection, …) carried from a quote into its booking. */
  extras?: readonly string[];
  /** The last planSelected event (landing page only): sets the service type and any code. */
  planEvent?: { serviceType: BookingFormValues['serviceType']; discountCode: string | null; at: number } | null;
  /** The phone a customer refused for their postal code is told to call (the quote's page, 0096). */
  officePhone?: string;
};

const FIELD_ORDER = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'zipCode', 'serviceType', 'propertySize', 'date', 'specialInstructions'] as const;

/** Zod messages are keys ('booking.validation.x'); the server's 400 `fields` arrive already translated. */
export function translateMessage(te: (key: string) => string, message: string): string {
  return isMessageKey(message) ? te(message) : message;
}

const NO_EXTRAS: readonly string[] = [];

export function BookingForm({ variant, pricing, schedule, pathPrefix, businessName, initialValues, discountCode = null, quoteId = null, extras = NO_EXTRAS, planEvent, officePhone }: BookingFormProps) {
  const hydrated = useHydrated();
  const t = useTranslations('booking');
  const te = useTranslations();
  const locale = useLocale();
  // `live` false when the server's list could not be read and the form computed its own (0072).
  const [dateList, setDateList] = useState<{ dates: string[]; live: boolean; earlier: EarlierFridaysNote | null } | null>(null);
  const dates = dateList?.dates ?? null;
  const earlier = dateList && dateList.dates.length > 0 ? dateList.earlier : null;
  // Fridays the server refused (full or closed), which no list offers again, and the next open one
  // it named for a closed Friday (0072).
  const [refusal, setRefusal] = useState<{ refused: ReadonlySet<string>; nextDate: string | null }>({ refused: new Set(), nextDate: null });
  // After a lost race the refreshed list waits for the customer's own pick.
  const [pickAgain, setPickAgain] = useState(false);
  const [serverPrice, setServerPrice] = useState<{ key: string; cents: number } | null>(null);
  const [areaMessage, setAreaMessage] = useState<string | null>(null);
  // Booked: the button stays disabled while the checkout page loads, so a second click books nothing.
  const [isBooked, setIsBooked] = useState(false);

  const defaults: BookingFormValues = {
    firstName: '', lastName: '', email: '', phone: '', address: '', city: 'Hamilton', zipCode: '',
    serviceType: 'onetime', propertySize: '0.5', includeTick: false, includeTargetedInsects: false, date: '', specialInstructions: '', marketingConsent: false,
    ...initialValues,
  };
  const form = useForm<BookingFormValues>({ resolver: zodResolver(BookingFormSchema), mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: defaults });
  const { register, handleSubmit, formState, control, setValue, setError, reset, getValues } = form;
  const router = useRouter();
  const { errors, isSubmitting } = formState;
  const prefilled = usePrefilledFields({ register, formState });

  const [serviceType, propertySize, includeTick, includeTargetedInsects, address, city, date] = useWatch({
    control,
    name: ['serviceType', 'propertySize', 'includeTick', 'includeTargetedInsects', 'address', 'city', 'date'],
  });
  const canonicalType = normaliseServiceType(serviceType) ?? 'onetime';

  // A plan picked elsewhere on the page (SPEC planSelected) sets the service type and any code.
  const activeDiscount = planEvent?.discountCode ?? discountCode;
  useEffect(() => {
    if (!planEvent) return;
    setValue('serviceType', planEvent.serviceType);
    if (planEvent.serviceType === 'tick') setValue('includeTick', false);
  }, [planEvent, setValue]);

  // A one-time treatment with the standing-water add-on takes two stops on its Friday.
  const needsAddOnStop = canonicalType === 'onetime' && includeTargetedInsects;
  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      const fromServer = await fetchFridayOffer(canonicalType, needsAddOnStop);
      // The fallback is computed by the same rule as the server (DECISIONS §3), never a fixed list,
      // without the Fridays closed or refused (0072); the page then says it could not check the room left.
      const list = fromServer?.dates ?? listFallbackFridays(schedule, {
        now: new Date(),
        serviceType: canonicalType,
        visitsFor: (s) => countVisits(pricing.priceTable, s),
        refused: refusal.refused,
        horizonDays: 240,
      });
      // Whichever list it is, a refused Friday leaves it and the next open one the server named joins it.
      // Only the server knows the room left: it says when earlier Fridays are full or closed (0092, 0099).
      return { dates: applyDateRefusal(list, refusal), live: fromServer !== null, earlier: fromServer?.earlier ?? null };
    };
    void load().then((list) => {
      if (!cancelled) setDateList(list);
    });
    return () => { cancelled = true; };
  }, [canonicalType, needsAddOnStop, refusal, schedule, pricing.priceTable]);

  // SPEC: the first available date is preselected; the customer's choice stays while it is still
  // offered. Runs after the options are in the DOM, so the select shows the value the form holds.
  // After a lost race the list refreshes without a preselection: the customer picks another Friday.
  useEffect(() => {
    if (!dateList) return;
    const current = getValues('date');
    if (current && dateList.dates.includes(current)) setValue('date', current);
    else if (!pickAgain) setValue('date', dateList.dates[0] ?? '');
  }, [dateList, pickAgain, getValues, setValue]);

  // A code the page knows is priced here too, so the total shown is the total charged; any other
  // code is left to the server, which alone knows whether it is still valid.
  const knownDiscount = useMemo(() => {
    if (!activeDiscount) return null;
    const code = normaliseDiscountCode(activeDiscount);
    return pricing.promoDiscounts?.find((d) => d.code === code) ?? null;
  }, [activeDiscount, pricing.promoDiscounts]);

  const preview = useMemo(() => {
    const acres = Number(propertySize);
    if (!(acres > 0) || canonicalType === 'standingwater' || canonicalType === 'consult') return null;
    try {
      return calculatePrice(
        {
          serviceType: canonicalType,
          propertySize: acres,
          includeTick: canonicalType !== 'tick-seasonal' && includeTick,
          includeTargetedInsects,
          extras: extras.filter((e): e is ExtraCode => (EXTRA_CODES as readonly string[]).includes(e)),
          address: `${address ?? ''}, ${city ?? ''}`,
        },
        { priceTable: pricing.priceTable, taxRate: pricing.taxRate, discount: knownDiscount },
      );
    } catch {
      return null;
    }
  }, [canonicalType, propertySize, includeTick, includeTargetedInsects, address, city, pricing, extras, knownDiscount]);
  // The note promises a code only where it will count: always for a code priced by the server alone.
  const showDiscountNote = !!activeDiscount && (!knownDiscount || !!preview?.discount?.applied);

  // A price the server announced (409 price_changed) stands until the inputs change.
  const priceKey = JSON.stringify([canonicalType, propertySize, includeTick, includeTargetedInsects, address, city, activeDiscount]);
  const shownTotalCents = (serverPrice?.key === priceKey ? serverPrice.cents : null) ?? preview?.totalCents ?? null;

  const failToast = useCallback((detail?: string) => {
    if (variant !== 'page') toast({ variant: 'destructive', title: t('toast.sectionFailedTitle'), description: detail || t('toast.sectionFailedBody') });
    else toast({ variant: 'destructive', title: t('toast.pageFailedTitle'), description: detail || t('toast.pageFailedBody') });
  }, [t, variant]);

  const handleApiError = useCallback(async (error: BookingApiError) => {
    switch (error.kind) {
      case 'day_full': {
        const refused = error.fullDates.length > 0 ? error.fullDates : [getValues('date')].filter(Boolean);
        // The list reloads without the refused Friday (and with the next open one the server named, 0072).
        setRefusal((previous) => ({ refused: new Set([...previous.refused, ...refused]), nextDate: error.nextDate }));
        setPickAgain(true);
        setValue('date', '');
        if (error.closed) {
          // Closed (a rain day), not full: said as such, with the next open Friday when the server named one.
          setError('date', { type: 'server', message: 'booking.errors.dayClosedPick' });
          toast({ variant: 'destructive', title: t('toast.dayClosedTitle'), description: error.nextDate ? t('toast.dayClosedNext', { date: formatLongDate(error.nextDate, locale) }) : t('toast.dayClosedBody') });
          return;
        }
        setError('date', { type: 'server', message: 'booking.errors.pickAnotherFriday' });
        toast({ variant: 'destructive', title: t('toast.dayFullTitle'), description: t('toast.dayFullBody') });
        return;
      }
      case 'price_changed':
        setServerPrice({ key: priceKey, cents: error.currentTotalCents });
        toast({ variant: 'destructive', title: t('toast.priceChangedTitle'), description: t('toast.priceChangedBody', { price: formatMoney(error.currentTotalCents, locale) }) });
        return;
      case 'validation': {
        const entries = Object.entries(error.fields);
        for (const [field, message] of entries) {
          const name = mapServerField(field, 'zipCode');
          if ((FIELD_ORDER as readonly string[]).includes(name)) setError(name as keyof BookingFormValues, { type: 'server', message });
        }
        failToast(error.message || undefined);
        return;
      }
      case 'rate_limited':
        failToast(error.message || undefined);
        return;
      default:
        if (error.message === 'no-id') toast({ variant: 'destructive', title: t('toast.noIdTitle'), description: t('toast.noIdBody') });
        else failToast(error.message || undefined);
    }
  }, [failToast, getValues, locale, priceKey, setError, setValue, t]);

  const onInvalid = () => {
    if (variant !== 'section') toast({ variant: 'destructive', title: t('toast.missingTitle'), description: t('toast.missingBody') });
  };

  const onSubmit = async (values: BookingFormValues) => {
    {
      setAreaMessage(null);
      const service = normaliseServiceType(values.serviceType) ?? 'onetime';
      recordFunnelStep({
        planType: service,
        propertySize: values.propertySize,
        city: values.city,
        postalCode: values.zipCode,
        customerInfo: { email: values.email, name: `${values.firstName} ${values.lastName}`, address: values.address, city: values.city, postalCode: values.zipCode },
      });

      if (variant !== 'section') {
        // SPEC booking page, and a quote's (0096): the service-area check comes first, so a code we
        // no longer serve is told with the phone to call while everything typed stays in the form.
        const area = await checkPostalCode(values.zipCode);
        if (area.status === 'invalid') {
          setError('zipCode', { type: 'server', message: 'booking.validation.invalidPostalCode' });
          failToast(te('booking.validation.invalidPostalCode'));
          return;
        }
        if (area.status === 'out') {
          const message = officePhone ? t('errors.outsideAreaCall', { postalCode: area.postalCode, phone: officePhone }) : t('errors.outsideArea', { postalCode: area.postalCode });
          setAreaMessage(message);
          toast({ variant: 'destructive', title: t('toast.outsideAreaTitle'), description: message });
          return;
        }
      }

      const includeTickValue = service !== 'tick-seasonal' && values.includeTick;
      const appointment = await createAppointment({
        // The customer record is made in the booking's own transaction: a refused booking leaves none (0079).
        firstName: values.firstName, lastName: values.lastName, email: values.email, phone: values.phone,
        serviceType: service,
        date: values.date,
        time: '09:00',
        status: 'pending',
        propertySize: values.propertySize,
        includeTick: includeTickValue,
        includeTargetedInsects: values.includeTargetedInsects,
        extras: extras.length > 0 ? extras : undefined,
        notes: values.specialInstructions?.trim() || (variant === 'section' ? 'Online booking' : undefined),
        address: values.address,
        city: values.city,
        postalCode: values.zipCode,
        discountCode: activeDiscount ?? undefined,
        quoteId: quoteId ?? undefined,
        // What the customer confirmed; with a code the page cannot price, only the server knows the figure.
        confirmedTotalCents: activeDiscount && !knownDiscount ? undefined : shownTotalCents ?? undefined,
        locale,
        marketingConsent: values.marketingConsent === true,
      });
      if (!appointment.ok) { await handleApiError(appointment.error); return; }

      const booked = appointment.data;
      setIsBooked(true);
      trackEvent('Schedule', { totalCents: booked.totalCents, contentName: service });
      recordFunnelStep({ planType: service, propertySize: values.propertySize, city: values.city, postalCode: values.zipCode, conversionStage: 'appointment_created' });
      toast(variant !== 'page'
        ? { title: t('toast.sectionSuccessTitle'), description: t('toast.sectionSuccessBody') }
        : { title: t('toast.pageSuccessTitle'), description: t('toast.sectionSuccessBody') });
      storeCheckoutData({
        appointmentId: booked.id,
        customerId: booked.customerId,
        bookingRef: booked.bookingRef,
        serviceType: service,
        propertySize: Number(values.propertySize),
        includeTick: includeTickValue,
        includeTargetedInsects: values.includeTargetedInsects,
        includeStandingWater: values.includeTargetedInsects,
        totalPrice: booked.totalPrice,
        confirmedQuoteTotal: booked.totalCents / 100,
        subtotalCents: booked.subtotalCents,
        taxCents: booked.taxCents,
        totalCents: booked.totalCents,
        firstName: values.firstName,
        lastName: values.lastName,
        name: `${values.firstName} ${values.lastName}`,
        email: values.email,
        phone: values.phone,
        address: values.address,
        city: values.city,
        postalCode: values.zipCode,
        discountCode: activeDiscount,
        quoteId,
        date: values.date,
        freshCalculation: true,
      });
      if (variant === 'section') reset(defaults);
      window.setTimeout(() => router.push(`${pathPrefix}${checkoutPath(booked.id, booked.bookingRef)}`), 700);
    }
  };

  const fieldError = (name: keyof BookingFormValues) => {
    const message = errors[name]?.message;
    return message ? <p id={`${variant}-${name}-error`} className="text-sm text-red-700">{translateMessage(te, message)}</p> : null;
  };
  const fieldProps = (name: keyof BookingFormValues) => ({
    id: `${variant}-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${variant}-${name}-error` : undefined,
  });
  const selectClass = 'h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2';
  const busy = isSubmitting || isBooked;

  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} className="space-y-6" aria-label={t('form.label')}>
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t('form.customerInfo')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {(['firstName', 'lastName', 'email', 'phone'] as const).map((name) => (
            <div key={name} className="space-y-1.5">
              <Label htmlFor={`${variant}-${name}`}>{t(`form.${name}`)}</Label>
              <Input type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'} autoComplete={{ firstName: 'given-name', lastName: 'family-name', email: 'email', phone: 'tel' }[name]} maxLength={FIELD_LIMITS[name]} required {...fieldProps(name)} {...prefilled.field(name)} />
              {fieldError(name)}
            </div>
          ))}
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor={`${variant}-address`}>{t('form.address')}</Label>
            <Input autoComplete="street-address" maxLength={FIELD_LIMITS.address} required {...fieldProps('address')} {...prefilled.field('address')} />
            {fieldError('address')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${variant}-city`}>{t('form.city')}</Label>
            <Input autoComplete="address-level2" maxLength={FIELD_LIMITS.city} required {...fieldProps('city')} {...prefilled.field('city')} />
            {fieldError('city')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${variant}-zipCode`}>{t('form.postalCode')}</Label>
            <Input autoComplete="postal-code" placeholder="L8P 1A1" maxLength={FIELD_LIMITS.postalCode} required {...fieldProps('zipCode')} {...prefilled.field('zipCode')} />
            {fieldError('zipCode')}
          </div>
        </div>
        {areaMessage ? <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">{areaMessage}</p> : null}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t('form.serviceSelection')}</legend>
        {/* One above the other: side by side, half a tablet's form cut the longer plan names
            ("Protection saisonnière contre les moustiques") inside the closed select. */}
        <div className="grid gap-4">
          <div className="space-y-1.5">
            <Label htmlFor={`${variant}-serviceType`}>{t('form.serviceType')}</Label>
            <select className={selectClass} {...fieldProps('serviceType')} {...prefilled.field('serviceType')}>
              <option value="onetime">{t('services.onetime')}</option>
              <option value="seasonal">{t('services.seasonal')}</option>
              <option value="tick">{t('services.tick-seasonal')}</option>
            </select>
            {fieldError('serviceType')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${variant}-propertySize`}>{t('form.propertySize')}</Label>
            {/* The largest size is the 2-acre price and says so; a larger property is DECISIONS §1's custom quote (0079). */}
            <select
              className={selectClass}
              {...fieldProps('propertySize')}
              aria-describedby={[`${variant}-propertySize-hint`, errors.propertySize ? `${variant}-propertySize-error` : null].filter(Boolean).join(' ')}
              {...prefilled.field('propertySize')}
            >
              {BOOKING_SIZES.map((size) => <option key={size} value={size}>{t(`sizes.${size.replace('.', '_')}`)}</option>)}
            </select>
            <p id={`${variant}-propertySize-hint`} className="text-xs text-gray-600">
              {t.rich('form.largerPropertyHint', { link: (chunks) => <a className="underline" href={`${pathPrefix}/#quote`}>{chunks}</a> })}
            </p>
            {fieldError('propertySize')}
          </div>
        </div>
        <div className="space-y-2">
          <p className="text-sm font-medium">{t('form.addOns')}</p>
          {serviceType !== 'tick' ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="h-4 w-4" {...prefilled.checkbox('includeTick')} />
              {t('form.includeTick')}
            </label>
          ) : null}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" {...prefilled.checkbox('includeTargetedInsects')} />
            {t('form.includeTargetedInsects')}
          </label>
        </div>
      </fieldset>

      <section aria-label={t('form.priceConfirmation')} className="rounded-lg border border-gray-200 bg-gray-50 p-4 text-sm">
        {/* /book's own heading is its h1; on the landing page and /book-quote the form sits under an h2. */}
        {variant === 'page'
          ? <h2 className="mb-2 font-semibold">{t('form.priceConfirmation')}</h2>
          : <h3 className="mb-2 font-semibold">{t('form.priceConfirmation')}</h3>}
        {preview ? (
          <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 [&>dt]:break-words">
            <dt>{t('form.subtotal')}</dt><dd className="text-right">{formatMoney(preview.subtotalCents, locale)}</dd>
            <dt>{t('form.hst', { rate: formatTaxRatePercent(pricing.taxRate, locale) })}</dt><dd className="text-right">{formatMoney(preview.taxCents, locale)}</dd>
            <dt className="font-semibold">{t('form.total')}</dt>
            <dd className="text-right font-semibold" data-testid="booking-total">{formatMoney(shownTotalCents ?? preview.totalCents, locale)}</dd>
          </dl>
        ) : <p>{t('form.priceUnavailable')}</p>}
        {preview && preview.visits > 1 ? <p className="mt-2 text-gray-600">{t('form.visitsNote', { visits: preview.visits })}</p> : null}
        {includeTargetedInsects && canonicalType === 'onetime' ? <p className="mt-2 text-gray-600">{t('form.addOnVisitNote')}</p> : null}
        {/* A code priced here is already in the total above; one only the server knows is applied when booking. */}
        {showDiscountNote ? <p className="mt-2 text-gray-600">{t(knownDiscount ? 'form.discountNote' : 'form.discountAtCheckout', { code: activeDiscount })}</p> : null}
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${variant}-date`}>{t('form.date')}</Label>
          <select
            className={selectClass}
            required
            {...fieldProps('date')}
            aria-describedby={[dateList && !dateList.live ? `${variant}-date-offline` : null, earlier ? `${variant}-date-earlier` : null, errors.date ? `${variant}-date-error` : null].filter(Boolean).join(' ') || undefined}
            {...prefilled.field('date', { onChange: (e: { target: { value: string } }) => { if (e.target.value) setPickAgain(false); } })}
            disabled={dates === null}
          >
            <option value="">{dates === null ? t('form.loadingDates') : t('form.chooseFriday')}</option>
            {(dates ?? []).map((d) => <option key={d} value={d}>{formatLongDate(d, locale)}</option>)}
            {date && dates && !dates.includes(date) ? <option value={date}>{formatLongDate(date, locale)}</option> : null}
          </select>
          {dates !== null && dates.length === 0 ? <p className="text-sm text-gray-700">{t('noDates')}</p> : null}
          {earlier ? <p id={`${variant}-date-earlier`} className="text-sm text-gray-700">{t(`form.${earlier}`)}</p> : null}
          {/* The server's list could not be read: this one follows the schedule, not the room left (0072). */}
          {dateList && !dateList.live ? <p id={`${variant}-date-offline`} className="text-sm text-amber-900">{t('form.offlineDates')}</p> : null}
          <p className="text-xs text-gray-600">{t('form.fridaysOnly')}</p>
          {fieldError('date')}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${variant}-specialInstructions`}>{variant !== 'page' ? t('form.specialInstructions') : t('form.notes')}</Label>
          <textarea rows={3} maxLength={FIELD_LIMITS.notes} className="w-full rounded-md border border-gray-300 px-3 py-2 text-sm" {...fieldProps('specialInstructions')} {...prefilled.field('specialInstructions')} />
          {fieldError('specialInstructions')}
        </div>
      </div>

      <ConsentCheckbox id={`${variant}-marketingConsent`} businessName={businessName} inputProps={prefilled.checkbox('marketingConsent')} />

      <Button type="submit" size="lg" className="w-full" disabled={!hydrated || busy}>
        {variant !== 'page' ? (busy ? t('form.scheduling') : t('form.bookNowPay')) : busy ? t('form.booking') : t('form.bookAppointment')}
      </Button>
    </form>
  );
}
