'use client';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { recordFunnelStep, trackEvent } from '@/features/analytics/analytics';
import { formatLongDate } from '@/lib/format';
import { formatDeduction, formatMoney } from '@/lib/money';
import { fetchAvailableDates } from '@/features/booking/booking-client';
import { ConsentCheckbox } from '@/features/marketing-email/components/consent-checkbox';
import { formatTaxRatePercent } from '@/features/pricing/pricing';
import { buildPricingAddress } from '@/features/service-area/pricing-address';
import { FIELD_LIMITS } from '@/lib/field-limits';
import { joinNameParts, type NameParts, pickNameParts, splitFullName } from '@/lib/person-name';
import { useHydrated } from '@/lib/use-hydrated';
import type { CreatedPaymentIntent } from '../payment.types';
import { findCheckoutContactProblems, findFirstInvalidCheckoutField, placeCheckoutServerFields } from './checkout-contact.schema';
import { AlreadyPaidCard } from './already-paid-card';
import { bookCheckoutNewOrder } from './checkout-new-booking';
import { findCheckoutNewBooking, forgetCheckoutNewBooking, rememberCheckoutNewBooking } from './checkout-new-session';
import { OrderAddOnRows } from './order-summary';
import { RainMoveNotice } from './rain-move-notice';
import { ApiError, buildCheckoutPath, buildReceiptPath, findReceipt, isAlreadyPaidError, postJson, readCheckoutData, rememberCheckoutIntent, toNumber } from './payment-client';
import { PaymentForm } from './payment-form';
import { toTelHref } from '@/lib/phone';

type Query = Record<string, string | undefined>;
type QuoteDetails = {
  serviceType: string;
  propertySize: number;
  includeTick: boolean;
  includeStandingWater: boolean;
  address: string;
  extras?: string[];
  discountCode?: string;
  quoteId?: number;
};
/**
 * `discountCents`: what the discount code took off (0 or absent: no discount line); `discountCode`:
 * the code the server applied (what the line names), never the one the browser asked for.
 */
type Preview = { subtotalCents: number; taxCents: number; totalCents: number; discountCents?: number; discountCode?: string | null };
/** POST /api/calculate-quote's answer, as far as this page reads it. */
type QuotePreview = Preview & { customQuote?: boolean; discount?: { applied: boolean; code?: string } };
type Customer = { name: string; email: string; phone: string; city: string; postalCode: string };
type Created = { appointmentId: number; bookingRef: string; intent: CreatedPaymentIntent };

const SERVICE_TYPES = new Set(['onetime', 'seasonal', 'tick-seasonal', 'tick']);
const truthy = (v: unknown) => v === true || v === 'true';

/**
 * What the order starts from. `nameParts`: the first and last name as the customer typed them in two
 * fields (a quote's, the calculator's), used instead of splitting the one name field at its first
 * space while that field still reads as them (0070).
 */
type ReadQuote = { details: QuoteDetails | null; problem: 'missing' | 'invalid' | null; prefill: Partial<Customer>; nameParts: NameParts | null };

/** Direct purchase values from the query first, else the quote kept in session storage. */
function readQuote(query: Query): ReadQuote {
  const stored = query.service ? null : readCheckoutData();
  const serviceType = query.service ?? stored?.serviceType ?? undefined;
  const size = toNumber(query.size ?? stored?.propertySize);
  const nameParts = pickNameParts(query.firstName, query.lastName) ?? pickNameParts(stored?.firstName, stored?.lastName);
  if (!serviceType && size === undefined) return { details: null, problem: 'missing', prefill: {}, nameParts };
  const prefill: Partial<Customer> = {
    name: query.name ?? (nameParts ? joinNameParts(nameParts) : undefined) ?? ([stored?.firstName, stored?.lastName].filter(Boolean).join(' ') || stored?.name || undefined),
    email: query.email ?? stored?.email ?? undefined,
    phone: query.phone ?? stored?.phone ?? undefined,
    city: query.city ?? stored?.city ?? undefined,
    postalCode: query.postalCode ?? stored?.postalCode ?? undefined,
  };
  const address = (query.address ?? stored?.address ?? '').trim();
  if (!serviceType || !SERVICE_TYPES.has(serviceType) || size === undefined || !(size > 0) || size > 2 || !address) {
    return { details: null, problem: 'invalid', prefill, nameParts };
  }
  return {
    details: {
      serviceType: serviceType === 'tick' ? 'tick-seasonal' : serviceType,
      propertySize: size,
      includeTick: truthy(query.includeTick ?? stored?.includeTick),
      includeStandingWater: truthy(query.includeStandingWater ?? stored?.includeStandingWater ?? stored?.includeTargetedInsects),
      address,
      discountCode: stored?.discountCode ?? undefined,
      quoteId: toNumber(stored?.quoteId),
    },
    problem: null,
    prefill,
    nameParts,
  };
}

/** The saved quote from a quote email's direct-buy link (`quoteToken`), read defensively. */
async function loadQuoteByToken(token: string): Promise<ReadQuote> {
  const res = await fetch(`/api/quotes/by-token/${encodeURIComponent(token)}`, { credentials: 'include' }).catch(() => null);
  const body = res?.ok ? ((await res.json().catch(() => null)) as Record<string, unknown> | null) : null;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const serviceType = text(body?.serviceType);
  const size = toNumber(body?.propertySize as number | string | undefined);
  const address = text(body?.address);
  if (!body || !serviceType || !SERVICE_TYPES.has(serviceType) || size === undefined || !(size > 0) || !address) {
    return { details: null, problem: 'invalid', prefill: {}, nameParts: null };
  }
  return {
    details: {
      serviceType: serviceType === 'tick' ? 'tick-seasonal' : serviceType,
      propertySize: size,
      includeTick: truthy(body.includeTick),
      includeStandingWater: truthy(body.includeStandingWater ?? body.includeTargetedInsects),
      address,
      extras: Array.isArray(body.extras) ? body.extras.filter((e): e is string => typeof e === 'string') : [],
      discountCode: text(body.discountCode),
      quoteId: toNumber(body.id as number | undefined),
    },
    problem: null,
    prefill: {
      name: text(body.customerName),
      email: text(body.email),
      phone: text(body.phone),
      city: text(body.city),
      postalCode: text(body.postalCode),
    },
    // The quote's two name fields (its full name split at the first space for an older quote).
    nameParts: pickNameParts(body.firstName, body.lastName),
  };
}

/** The Fridays this order fits on (a one-time standing-water add-on needs a second stop that day); null when the call fails. */
function loadDates(details: QuoteDetails): Promise<string[] | null> {
  return fetchAvailableDates(details.serviceType, details.includeStandingWater);
}

/**
 * Once booked, the booking goes into this page's address (`appointmentId`, `ref`) next to the order's
 * values: a reload resumes it from this tab's memory, and a copied link or another browser is sent
 * to the booking's own checkout (docs/decisions/0025). Replaces the history entry only.
 */
function keepBookingInAddress(appointmentId: number | null, bookingRef: string | null) {
  const url = new URL(window.location.href);
  if (appointmentId !== null && bookingRef !== null) {
    url.searchParams.set('appointmentId', String(appointmentId));
    url.searchParams.set('ref', bookingRef);
  } else {
    url.searchParams.delete('appointmentId');
    url.searchParams.delete('ref');
  }
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * `taxRate`: the branch's rate (0.13 = 13%) for the HST label until the server's order summary
 * arrives; `businessName`: the branch's name, which the promotional-email consent box names (0043).
 */
export function CheckoutNewView({ query, supportPhone, taxRate, businessName }: { query: Query; supportPhone: string; taxRate: number; businessName: string }) {
  const hydrated = useHydrated();
  const t = useTranslations('checkout');
  const tn = useTranslations('checkout.new');
  const tp = useTranslations('payments');
  const tRoot = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [quote, setQuote] = useState<ReadQuote | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [dates, setDates] = useState<string[] | null>(null);
  const [date, setDate] = useState('');
  const [customer, setCustomer] = useState<Customer>({ name: '', email: '', phone: '', city: '', postalCode: '' });
  const [invalid, setInvalid] = useState<Partial<Record<keyof Customer | 'date', string>>>({});
  const [busy, setBusy] = useState(false);
  const [marketingConsent, setMarketingConsent] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  /** Back to an order this tab already paid: nothing to pay (`receiptPath`: its receipt, when known). */
  const [paid, setPaid] = useState<{ receiptPath: string | null } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    /**
     * The order this tab already booked here (Back after paying, a refresh, the return from the
     * bank's authentication): its receipt when it is paid, else its payment step again, never a
     * fresh form that would book and charge it a second time.
     */
    const resume = async (details: QuoteDetails): Promise<'paid' | 'booked' | null> => {
      const booking = findCheckoutNewBooking(details);
      if (!booking) return null;
      const receiptPath = findReceipt(booking.appointmentId);
      if (receiptPath) {
        setPaid({ receiptPath });
        return 'paid';
      }
      try {
        const intent = await postJson<CreatedPaymentIntent>('/api/create-payment-intent', { appointmentId: booking.appointmentId, bookingRef: booking.bookingRef, locale });
        rememberCheckoutIntent(intent.paymentIntentId, booking.appointmentId);
        setCustomer(booking.contact);
        setDate(booking.date);
        setCreated({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef, intent });
        return 'booked';
      } catch (error) {
        if (isAlreadyPaidError(error)) {
          setPaid({ receiptPath: null });
          return 'paid';
        }
        // Cancelled, released, unknown or its Friday filled up: that booking is over, this is a new order.
        if (error instanceof ApiError && [404, 409, 410].includes(error.status)) {
          forgetCheckoutNewBooking(details);
          keepBookingInAddress(null, null);
          if (error.status === 409) toast({ variant: 'destructive', title: tn('errorTitle'), description: error.message });
        }
        return null;
      }
    };
    // A quote email's link carries the quote's token: its saved options (extras, discount code, quote id) are what is charged.
    const token = query.quoteToken?.trim();
    void (token ? loadQuoteByToken(token) : Promise.resolve(readQuote(query))).then(async (read) => {
      // The address names a booking this tab does not know (a copied link, another browser): that
      // booking is paid on its own checkout page, which needs nothing but the address.
      const ref = query.ref?.trim();
      const known = read.details ? findCheckoutNewBooking(read.details) : null;
      if (ref && (!known || known.bookingRef.toUpperCase() !== ref.toUpperCase())) {
        const appointmentId = toNumber(query.appointmentId);
        router.replace(buildCheckoutPath(locale, { appointmentId, bookingRef: ref }) ?? `${localePath(locale, '/checkout')}?${new URLSearchParams({ ref }).toString()}`);
        return;
      }
      const resumed = read.details ? await resume(read.details) : null;
      setQuote(read);
      if (resumed === 'paid' || !read.details) return;
      if (!resumed) setCustomer((c) => ({ ...c, ...Object.fromEntries(Object.entries(read.prefill).filter(([, v]) => v)) }));
      void loadDates(read.details).then((list) => {
        setDates(list ?? []);
        if (!resumed) setDate(list?.[0] ?? '');
      });
    });
  }, [query, locale, tn, router]);

  const details = quote?.details ?? null;
  const pricedAddress = details ? buildPricingAddress(details.address, customer.city) : null;

  // The preview prices exactly what the server will: the same options and the same address string (with the city).
  useEffect(() => {
    if (!details || !pricedAddress || created) return;
    let current = true;
    const timer = setTimeout(() => {
      postJson<QuotePreview>('/api/calculate-quote', {
        serviceType: details.serviceType, propertySize: details.propertySize, includeTick: details.includeTick,
        includeStandingWater: details.includeStandingWater, address: pricedAddress,
        ...(details.extras?.length ? { extras: details.extras } : {}),
        ...(details.discountCode ? { discountCode: details.discountCode } : {}),
      })
        .then((p) => {
          if (!current) return;
          if (p.customQuote) setFatal(t('errors.invalidQuote'));
          else setPreview({ subtotalCents: p.subtotalCents, taxCents: p.taxCents, totalCents: p.totalCents, discountCents: p.discountCents, discountCode: p.discount?.applied ? p.discount.code : null });
        })
        .catch(() => { if (current) setPreview(null); });
    }, 300);
    return () => { current = false; clearTimeout(timer); };
  }, [details, pricedAddress, created, t]);
  const problem = fatal ?? (quote?.problem === 'missing' ? t('errors.noQuote') : quote?.problem === 'invalid' ? t('errors.invalidQuote') : null);
  const summary = useMemo(() => created?.intent.summary ?? preview, [created, preview]);

  const focusField = (name: string | null) => { if (name) document.getElementById(`cn-${name}`)?.focus(); };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!details || busy) return;
    // The same rules /api/customers applies: required fields, length limits, the phone rule.
    const problems: Partial<Record<keyof Customer | 'date', string>> = findCheckoutContactProblems(customer);
    if (!date) problems.date = 'checkout.new.required';
    setInvalid(Object.fromEntries(Object.entries(problems).map(([key, message]) => [key, tRoot(message)])));
    if (Object.keys(problems).length > 0) {
      const onlyMissing = Object.values(problems).every((message) => message === 'checkout.new.required');
      toast({ variant: 'destructive', title: tn('missingTitle'), description: onlyMissing ? tn('missingBody') : tRoot('errors.validation') });
      focusField(findFirstInvalidCheckoutField(problems));
      return;
    }
    setBusy(true);
    // SPEC §5 splits the full name at the first space; the name as typed in two fields wins while the field still reads as it (0070).
    const { firstName, lastName } = splitFullName(customer.name, quote?.nameParts);
    recordFunnelStep({
      planType: details.serviceType, propertySize: details.propertySize, city: customer.city.trim(), postalCode: customer.postalCode.trim(),
      customerInfo: { email: customer.email.trim(), name: customer.name.trim(), address: details.address, city: customer.city.trim(), postalCode: customer.postalCode.trim() },
      conversionStage: 'booking_initiated',
    });
    const contact = { firstName, lastName, email: customer.email.trim(), phone: customer.phone.trim(), city: customer.city.trim(), postalCode: customer.postalCode.trim() };
    let appointmentId: number;
    try {
      const booking = await bookCheckoutNewOrder({
        order: details, contact, date, notes: query.notes ?? null, confirmedTotalCents: preview ? preview.totalCents : null, locale, marketingConsent,
      });
      appointmentId = booking.appointmentId;
      const { bookingRef } = booking;
      rememberCheckoutNewBooking(details, { appointmentId, bookingRef, date, contact: { name: customer.name.trim(), email: contact.email, phone: contact.phone, city: contact.city, postalCode: contact.postalCode } });
      setPreview((previous) => ({
        subtotalCents: booking.subtotalCents, taxCents: booking.taxCents, totalCents: booking.totalCents,
        discountCents: booking.discountCents ?? previous?.discountCents, discountCode: previous?.discountCode,
      }));
      trackEvent('Schedule', { totalCents: booking.totalCents, contentName: details.serviceType });
      recordFunnelStep({ planType: details.serviceType, propertySize: details.propertySize, city: contact.city, postalCode: contact.postalCode, conversionStage: 'appointment_created' });
      // After the Schedule event: an address with the reference is private, and no pixel hears of it (0026).
      keepBookingInAddress(appointmentId, bookingRef);
      try {
        const intent = await postJson<CreatedPaymentIntent>('/api/create-payment-intent', { appointmentId, bookingRef, confirmedAmountCents: booking.totalCents, locale });
        rememberCheckoutIntent(intent.paymentIntentId, appointmentId);
        setCreated({ appointmentId, bookingRef, intent });
      } catch {
        setFatal(t('errors.couldNotInitialize'));
      }
    } catch (error) {
      const body = error instanceof ApiError ? error.body : null;
      if (body?.code === 'price_changed' && typeof body.currentTotalCents === 'number') {
        // Show the server's whole breakdown (the 409 carries it), not just the total; the next click confirms it.
        const { currentSubtotalCents: subtotalCents, currentTaxCents: taxCents, currentTotalCents: totalCents } = body;
        setPreview(typeof subtotalCents === 'number' && typeof taxCents === 'number' ? { subtotalCents, taxCents, totalCents } : null);
        toast({ variant: 'destructive', title: tn('priceChangedTitle'), description: error instanceof Error ? error.message : '' });
      } else {
        if (body?.fields && typeof body.fields === 'object') {
          // Already translated by the server; each goes under the field the customer typed it in,
          // and focus goes to the first (Continue was disabled while it sent: focus had fallen to the page).
          const placed = placeCheckoutServerFields(body.fields as Record<string, string>);
          setInvalid(placed);
          focusField(findFirstInvalidCheckoutField(placed));
        }
        if (body?.code === 'day_full') {
          // The Fridays as they are now; if that call fails too, the list stays as it was.
          void loadDates(details).then((list) => { if (list) { setDates(list); setDate(list[0] ?? ''); } });
        }
        toast({ variant: 'destructive', title: tn('errorTitle'), description: error instanceof ApiError ? error.message : tn('genericError') });
      }
    } finally {
      setBusy(false);
    }
  };

  const onSucceeded = (paymentIntentId: string) => {
    if (!created) return;
    toast({ title: t('toasts.paidTitle'), description: t('toasts.paidBody') });
    router.push(buildReceiptPath(locale, { paymentIntentId, amountCents: created.intent.amount, serviceType: details?.serviceType, appointmentId: created.appointmentId }));
  };

  if (!quote) return <div className="flex min-h-[40vh] items-center justify-center"><Spinner label={t('settingUp')} /></div>;
  if (paid) return <AlreadyPaidCard receiptPath={paid.receiptPath} />;
  if (problem || !details) {
    return (
      <Card className="mx-auto max-w-lg">
        <CardHeader><h1 className="text-xl font-semibold leading-tight">{tn('errorCardTitle')}</h1></CardHeader>
        <CardContent className="space-y-4">
          <p role="alert" className="text-red-700">{problem}</p>
          <Button asChild><a href={localePath(locale, '/#quote')}>{tn('returnToCalculator')}</a></Button>
        </CardContent>
      </Card>
    );
  }

  const locked = created !== null;
  // A resumed booking keeps its Friday even when the list no longer offers it (its own stop counts there).
  const dateOptions = dates && date && !dates.includes(date) ? [date, ...dates] : dates;
  const field = (name: keyof Customer, label: string, props: { type?: string; autoComplete: string; maxLength: number }) => (
    <div className="space-y-1.5">
      <Label htmlFor={`cn-${name}`}>{label}</Label>
      <Input
        id={`cn-${name}`}
        value={customer[name]}
        disabled={locked}
        onChange={(e) => setCustomer((c) => ({ ...c, [name]: e.target.value }))}
        aria-invalid={!!invalid[name]}
        aria-describedby={invalid[name] ? `cn-${name}-error` : undefined}
        {...props}
      />
      {invalid[name] ? <p id={`cn-${name}-error`} className="text-sm text-red-700">{invalid[name]}</p> : null}
    </div>
  );

  return (
    <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-[1fr_20rem]">
      <Card>
        <CardHeader><h1 className="text-xl font-semibold">{tn('title')}</h1></CardHeader>
        <CardContent className="space-y-6">
          <form method="post" noValidate onSubmit={submit} className="space-y-4">
            {field('name', tn('fullName'), { autoComplete: 'name', maxLength: FIELD_LIMITS.name })}
            {field('email', tn('email'), { type: 'email', autoComplete: 'email', maxLength: FIELD_LIMITS.email })}
            {field('phone', tn('phone'), { type: 'tel', autoComplete: 'tel', maxLength: FIELD_LIMITS.phone })}
            <div className="space-y-1.5">
              <Label htmlFor="cn-address">{tn('address')}</Label>
              <Input id="cn-address" value={details.address} readOnly aria-readonly className="bg-gray-50" />
            </div>
            <div className="grid grid-cols-2 gap-3">
              {field('city', tn('city'), { autoComplete: 'address-level2', maxLength: FIELD_LIMITS.city })}
              {field('postalCode', tn('postalCode'), { autoComplete: 'postal-code', maxLength: FIELD_LIMITS.postalCode })}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="cn-date">{tn('date')}</Label>
              {dateOptions === null ? (
                <Spinner label={tn('loadingDates')} />
              ) : dateOptions.length === 0 ? (
                <p className="text-sm text-red-700">{tn('noDates')}</p>
              ) : (
                <select id="cn-date" value={date} disabled={locked} onChange={(e) => setDate(e.target.value)} aria-invalid={!!invalid.date} aria-describedby={invalid.date ? 'cn-date-error' : undefined} className="h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm">
                  {dateOptions.map((d) => <option key={d} value={d}>{formatLongDate(d, locale)}</option>)}
                </select>
              )}
              {invalid.date ? <p id="cn-date-error" className="text-sm text-red-700">{invalid.date}</p> : null}
            </div>
            <ConsentCheckbox id="cn-marketingConsent" businessName={businessName} inputProps={{ checked: marketingConsent, disabled: locked, onChange: (e) => setMarketingConsent(e.target.checked) }} />
            {!locked ? (
              <Button type="submit" className="w-full" disabled={!hydrated || busy}>{busy ? t('settingUp') : tn('continue')}</Button>
            ) : null}
          </form>
          {created ? (
            <section aria-labelledby="cn-payment" className="space-y-3 border-t border-gray-200 pt-4">
              <h2 id="cn-payment" className="text-lg font-semibold">{tn('paymentTitle')}</h2>
              {cardError ? <p role="alert" className="text-sm text-red-700">{cardError}</p> : null}
              <PaymentForm
                provider={created.intent.provider}
                publishableKey={created.intent.publishableKey}
                clientSecret={created.intent.clientSecret}
                paymentIntentId={created.intent.paymentIntentId}
                amountCents={created.intent.amount}
                billing={{ name: customer.name, email: customer.email, phone: customer.phone, postalCode: customer.postalCode }}
                returnPath="/payment-confirmation"
                onSucceeded={onSucceeded}
                onFailed={(message) => {
                  setCardError(message);
                  toast({ variant: 'destructive', title: t('toasts.paymentFailedTitle'), description: t('toasts.checkCard') });
                }}
              />
            </section>
          ) : null}
        </CardContent>
      </Card>
      {/* On a phone the summary comes first: what is being bought, before the form and the Pay button. */}
      <aside className="order-first space-y-4 md:order-none">
        <RainMoveNotice moves={created?.intent.summary?.movedForRain ?? []} when="before" />
        <section aria-labelledby="cn-summary" className="rounded-lg bg-gray-50 p-4">
          <h2 id="cn-summary" className="mb-3 text-lg font-semibold">{t('summary.title')}</h2>
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between gap-4"><dt className="text-gray-600">{t('summary.service')}</dt><dd className="font-medium">{tp(`services.${details.serviceType}`)}</dd></div>
            <div className="flex justify-between gap-4"><dt className="text-gray-600">{t('summary.propertySize')}</dt><dd>{t('summary.acres', { size: details.propertySize })}</dd></div>
            <OrderAddOnRows includeTick={details.includeTick} includeStandingWater={details.includeStandingWater} extras={created?.intent.summary?.extras ?? details.extras} />
            {summary ? (
              <>
                {/* The subtotal already has the code taken off: this line says why it is lower. */}
                {summary.discountCents ? (
                  <div className="flex justify-between gap-4 border-t border-gray-200 pt-2 font-medium text-leaf-700">
                    <dt>{summary.discountCode ? t('summary.discountCode', { code: summary.discountCode }) : t('summary.discount')}</dt>
                    <dd data-testid="order-discount">{formatDeduction(summary.discountCents, locale)}</dd>
                  </div>
                ) : null}
                <div className={`flex justify-between gap-4 ${summary.discountCents ? '' : 'border-t border-gray-200 pt-2'}`}><dt className="text-gray-600">{t('summary.subtotal')}</dt><dd>{formatMoney(summary.subtotalCents, locale)}</dd></div>
                <div className="flex justify-between gap-4"><dt className="text-gray-600">{t('summary.hst', { rate: formatTaxRatePercent(created?.intent.summary?.taxRate ?? taxRate, locale) })}</dt><dd>{formatMoney(summary.taxCents, locale)}</dd></div>
                <div className="flex justify-between gap-4 text-base font-semibold"><dt>{t('summary.total')}</dt><dd data-testid="order-total">{formatMoney(summary.totalCents, locale)}</dd></div>
              </>
            ) : null}
          </dl>
        </section>
        <p className="text-sm text-gray-700">
          {tn.rich('support', {
            phone: supportPhone,
            call: (chunks) => <a className="whitespace-nowrap underline" href={toTelHref(supportPhone)}>{chunks}</a>,
          })}
        </p>
      </aside>
    </div>
  );
}
