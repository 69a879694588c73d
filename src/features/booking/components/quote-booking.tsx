'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { type Ref, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { EXTRA_CODES } from '@/features/pricing/price-table';
import { FIELD_LIMITS } from '@/lib/field-limits';
import { formatMoney } from '@/lib/money';
import { formatAddressLine } from '@/lib/address-line';
import { toTelHref } from '@/lib/phone';
import { splitFullName } from '@/lib/person-name';
import { type BookingFormValues, prepareOrderCustomer, toFormServiceType } from '../booking.schema';
import { checkOrderPostalCode, type PostalCodeRefusal, type QuoteSummary, readQuoteSummary, runOrderFlow } from '../booking-client';
import { BookingForm, type PricingProps, type ScheduleProps } from './booking-form';

type State = { status: 'loading' } | { status: 'invalid' } | { status: 'ready'; quote: QuoteSummary };

export function QuoteBooking({ token, pricing, schedule, pathPrefix, businessName, officePhone }: {
  token: string; pricing: PricingProps; schedule: ScheduleProps; pathPrefix: string; businessName: string;
  /** The branch's phone, for a quote whose postal code is no longer served (0096). */
  officePhone: string;
}) {
  const t = useTranslations('booking');
  const locale = useLocale();
  const [state, setState] = useState<State>(token ? { status: 'loading' } : { status: 'invalid' });
  const [ordering, setOrdering] = useState(false);
  // The postal code the quote is booked with (0087): the quote's, or the one offered or typed when it kept none.
  const [postalCode, setPostalCode] = useState('');
  const [postalRefusal, setPostalRefusal] = useState<PostalCodeRefusal | null>(null);
  const postalField = useRef<HTMLInputElement>(null);
  const te = useTranslations();
  const router = useRouter();

  /**
   * SPEC's order-creation path: the quote as it stands, on the first Friday the server offers, at
   * a postal code the service-area check accepts: never SPEC's stand-in code for one the quote
   * did not keep (0087). The booking checks the area again on the server.
   */
  async function orderFirstAvailable(quote: QuoteSummary) {
    setOrdering(true);
    setPostalRefusal(null);
    const area = await checkOrderPostalCode(postalCode);
    if (!area.ok) {
      setOrdering(false);
      setPostalRefusal(area.refusal);
      postalField.current?.focus();
      return;
    }
    const outcome = await runOrderFlow({
      name: quote.name, firstName: quote.firstName, lastName: quote.lastName, email: quote.email, phone: quote.phone, address: quote.address, city: quote.city, postalCode: area.postalCode,
      serviceType: quote.serviceType, propertySize: quote.propertySize, includeTick: quote.includeTick,
      includeTargetedInsects: quote.includeTargetedInsects, extras: quote.extras, discountCode: quote.discountCode, quoteId: quote.id,
    }, prepareOrderCustomer, locale).catch(() => null);
    if (outcome?.ok) {
      toast({ title: t('toast.orderCreatedTitle'), description: t('toast.orderCreatedBody') });
      router.push(`${pathPrefix}${outcome.path}`);
      return;
    }
    setOrdering(false);
    const description = outcome?.ok === false && outcome.reason === 'missing'
      ? t('toast.orderMissing', { fields: outcome.missing.join(', ') })
      : outcome?.ok === false && outcome.reason === 'api' && outcome.error.message ? outcome.error.message : t('toast.orderFailedBody');
    toast({ variant: 'destructive', title: t('toast.orderFailedTitle'), description });
  }

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    void (async () => {
      const res = await fetch(`/api/quotes/by-token/${encodeURIComponent(token)}`, { credentials: 'include' }).catch(() => null);
      const quote = res?.ok ? readQuoteSummary(await res.json().catch(() => null)) : null;
      if (cancelled) return;
      setState(quote ? { status: 'ready', quote } : { status: 'invalid' });
      setPostalCode(quote?.postalCode ?? '');
    })();
    return () => { cancelled = true; };
  }, [token]);

  if (state.status === 'loading') {
    return <div className="flex justify-center py-24"><Spinner label={t("quote.loading")} /></div>;
  }
  if (state.status === 'invalid') {
    return (
      <Card className="mx-auto max-w-lg text-center">
        <CardHeader><CardTitle>{t('quote.invalidTitle')}</CardTitle></CardHeader>
        <CardContent className="space-y-4">
          <p className="text-gray-700">{t('quote.invalidBody')}</p>
          <Button onClick={() => window.location.assign(pathPrefix || '/')}>{t('quote.getNewQuote')}</Button>
        </CardContent>
      </Card>
    );
  }

  const { quote } = state;
  // The quote's own two fields (a compound first name stays whole, 0070); an older quote's name splits at the first space.
  const { firstName, lastName } = splitFullName(quote.name, quote);
  const serviceType: BookingFormValues['serviceType'] = toFormServiceType(quote.serviceType) ?? 'onetime';
  const sizes = ['0.25', '0.5', '0.75', '1', '1.5', '2'];
  const size = sizes.find((s) => Number(s) >= quote.propertySize) ?? '2';
  // The quote's own code is no longer served (0096): it cannot be booked as it stands, so there is no one-click order.
  const quoteCodeOutside = quote.outsideServiceArea !== null && quote.postalCodeFrom === 'quote';
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">{t('quote.title')}</h1>
      {quote.outsideServiceArea ? <QuoteOutsideArea postalCode={quote.outsideServiceArea.postalCode} phone={officePhone} /> : null}
      <Card>
        {/* An h2 under the page's h1 (a card title is an h3: axe's heading order). */}
        <CardHeader><h2 className="text-xl font-semibold leading-tight">{t('quote.summary')}</h2></CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt>{t('form.serviceType')}</dt><dd>{t(`services.${serviceType === 'tick' ? 'tick-seasonal' : serviceType}`)}</dd>
            <dt>{t('form.propertySize')}</dt><dd>{t('quote.acres', { acres: quote.propertySize })}</dd>
            <QuoteAddOns includeTick={quote.includeTick && serviceType !== 'tick'} includeTargetedInsects={quote.includeTargetedInsects} extras={quote.extras} />
            {quote.address ? <><dt>{t('form.address')}</dt><dd>{formatAddressLine(quote.address, quote.city, quote.postalCodeFrom === 'quote' ? quote.postalCode : null)}</dd></> : null}
            {quote.totalCents !== null || quote.totalPrice !== null ? (
              <><dt className="font-semibold">{t('quote.quotedTotal')}</dt><dd className="font-semibold">{formatMoney(quote.totalCents ?? Math.round((quote.totalPrice ?? 0) * 100), locale)}</dd></>
            ) : null}
          </dl>
          {quote.postalCodeFrom === 'quote' ? null : (
            <QuotePostalCodeField
              ref={postalField}
              from={quote.postalCodeFrom}
              value={postalCode}
              refusal={postalRefusal ? te(postalRefusal.key, postalRefusal.values) : null}
              onChange={(value) => {
                setPostalCode(value);
                setPostalRefusal(null);
              }}
            />
          )}
          <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-gray-100 pt-4">
            <Button onClick={() => void orderFirstAvailable(quote)} disabled={ordering || quoteCodeOutside}>
              {ordering ? t('quote.ordering') : t('quote.orderFirstAvailable')}
            </Button>
            <p className="text-sm text-gray-600">{t('quote.orderFirstAvailableHint')}</p>
          </div>
        </CardContent>
      </Card>
      <div className="rounded-xl border border-gray-200 p-6 shadow-sm">
        <BookingForm
          variant="quote"
          pricing={pricing}
          schedule={schedule}
          pathPrefix={pathPrefix}
          businessName={businessName}
          quoteId={quote.id}
          discountCode={quote.discountCode}
          extras={quote.extras}
          officePhone={officePhone}
          initialValues={{
            firstName, lastName: lastName === '-' ? '' : lastName, email: quote.email, phone: quote.phone,
            address: quote.address, city: quote.city || 'Hamilton', zipCode: quote.postalCode,
            serviceType, propertySize: size, includeTick: quote.includeTick && serviceType !== 'tick', includeTargetedInsects: quote.includeTargetedInsects,
          }}
        />
      </div>
    </div>
  );
}

/**
 * Said first, before any field (0096): the quote's postal code is one we no longer serve, so booking
 * it online will be refused; the customer calls the office instead of finding out at the last step.
 */
export function QuoteOutsideArea({ postalCode, phone }: { postalCode: string; phone: string }) {
  const t = useTranslations('booking');
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="quote-outside-area">
      <p className="font-semibold">{t('quote.outsideAreaTitle', { postalCode })}</p>
      <p>{phone ? t('quote.outsideAreaBody', { postalCode, phone }) : t('quote.outsideAreaBodyNoPhone', { postalCode })}</p>
      {phone ? <a className="inline-block font-semibold text-brand-800 underline underline-offset-4" href={toTelHref(phone)}>{t('quote.callUs', { phone })}</a> : null}
    </div>
  );
}

/**
 * The postal code "Book First Available Friday" books the quote with, when the quote kept none
 * (0087). Its label names what it is for (0092): the booking form below has a "Postal Code" of its
 * own, and two fields with one name on one page read as one asked twice.
 */
export function QuotePostalCodeField({ ref, from, value, refusal, onChange }: {
  ref?: Ref<HTMLInputElement>;
  from: QuoteSummary['postalCodeFrom'];
  value: string;
  /** The service-area check's refusal, in words. */
  refusal: string | null;
  onChange: (value: string) => void;
}) {
  const t = useTranslations('booking');
  return (
    <div className="mt-4 max-w-xs space-y-1.5 border-t border-gray-100 pt-4">
      <Label htmlFor="quote-postalCode">{t('quote.postalCodeLabel')}</Label>
      <p id="quote-postalCode-hint" className="text-sm text-gray-600">
        {t(from === 'customer' ? 'quote.postalCodeFromCustomer' : from === 'address' ? 'quote.postalCodeFromAddress' : 'quote.postalCodeMissing')}
      </p>
      <Input
        id="quote-postalCode"
        ref={ref}
        autoComplete="postal-code"
        placeholder="L8P 1A1"
        maxLength={FIELD_LIMITS.postalCode}
        required
        value={value}
        aria-invalid={refusal ? true : undefined}
        aria-describedby={refusal ? 'quote-postalCode-hint quote-postalCode-error' : 'quote-postalCode-hint'}
        onChange={(e) => onChange(e.target.value)}
      />
      {refusal ? <p id="quote-postalCode-error" className="text-sm text-red-700">{refusal}</p> : null}
    </div>
  );
}

/**
 * The quote's add-ons and extras in its summary, named as the checkout's order summary names them
 * (one "Add-ons" row, each on its own line): every one of them is in the quoted total, so none may
 * be left unsaid. Codes the price table does not know are left out.
 */
export function QuoteAddOns({ includeTick, includeTargetedInsects, extras }: { includeTick: boolean; includeTargetedInsects: boolean; extras: readonly string[] }) {
  const t = useTranslations('booking');
  const tc = useTranslations('checkout');
  const names = [
    ...(includeTick ? [tc('summary.tick')] : []),
    ...(includeTargetedInsects ? [tc('summary.standingWater')] : []),
    ...EXTRA_CODES.filter((code) => extras.includes(code)).map((code) => tc(`summary.extras.${code}`)),
  ];
  if (names.length === 0) return null;
  return (
    <>
      <dt>{t('form.addOns')}</dt>
      <dd><ul>{names.map((name) => <li key={name}>{name}</li>)}</ul></dd>
    </>
  );
}
