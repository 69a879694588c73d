'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { usePrefilledFields } from '@/components/ui/prefilled-fields';
import { recordFunnelStep } from '@/features/analytics/analytics';
import { calculatePrice } from '@/features/pricing/pricing';
import { FIELD_LIMITS, type LimitedField } from '@/lib/field-limits';
import { formatMoney } from '@/lib/money';
import { buildPricingAddress } from '@/features/service-area/pricing-address';
import { useHydrated } from '@/lib/use-hydrated';
import { CUSTOM_QUOTE_SIZE, sendCustomQuoteRequest } from '../booking-client';
import { ServiceRequestSchema, type ServiceRequestValues } from '../booking.schema';
import type { PricingProps } from './booking-form';
import { translateMessage } from './booking-form';

/**
 * SPEC §3 service-request sizes: 0.25 (< 0.5 acre), 0.5 (0.5-1), 1 (1-2), and "2+", which is
 * DECISIONS §1's "over 2 acres": a custom quote (999) the office prices, never the 2-acre price
 * (0079). Default 0.25.
 */
export const REQUEST_SIZES = ['0.25', '0.5', '1', CUSTOM_QUOTE_SIZE] as const;

/** The limit each text field's input carries, the schema's own (src/lib/field-limits.ts). */
const LIMIT_OF: Partial<Record<keyof ServiceRequestValues, LimitedField>> = {
  name: 'name', email: 'email', phone: 'phone', address: 'address', city: 'city', postalCode: 'postalCode', specialRequests: 'notes',
};
const maxLengthOf = (name: keyof ServiceRequestValues) => {
  const field = LIMIT_OF[name];
  return field ? FIELD_LIMITS[field] : undefined;
};

/** The query /checkout-new reads (SPEC §2: service, size, includeTick, includeStandingWater, address, price, …). */
export function buildCheckoutNewQuery(values: ServiceRequestValues, preTaxDollars: number | null): string {
  const query = new URLSearchParams({
    service: values.serviceType,
    size: values.propertySize,
    includeTick: String(values.serviceType !== 'tick-seasonal' && values.includeTick),
    includeStandingWater: String(values.includeStandingWater),
    address: values.address,
    city: values.city,
    postalCode: values.postalCode,
    name: values.name,
    email: values.email,
    phone: values.phone,
  });
  if (preTaxDollars !== null) query.set('price', String(preTaxDollars));
  if (values.specialRequests?.trim()) query.set('notes', values.specialRequests.trim());
  return query.toString();
}

export function ServiceRequestForm({ pricing, pathPrefix }: { pricing: PricingProps; pathPrefix: string }) {
  const hydrated = useHydrated();
  const t = useTranslations('booking');
  const te = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const { register, handleSubmit, formState, control } = useForm<ServiceRequestValues>({
    resolver: zodResolver(ServiceRequestSchema),
    defaultValues: {
      name: '', email: '', phone: '', address: '', city: 'Hamilton', postalCode: '',
      propertySize: '0.25', serviceType: 'onetime', includeTick: false, includeStandingWater: false, specialRequests: '',
    },
  });
  const { errors, isSubmitting } = formState;
  const prefilled = usePrefilledFields({ register, formState });
  const [serviceType, propertySize, includeTick, includeStandingWater, address, city] = useWatch({ control, name: ['serviceType', 'propertySize', 'includeTick', 'includeStandingWater', 'address', 'city'] });

  const preview = useMemo(() => {
    try {
      return calculatePrice(
        { serviceType, propertySize: Number(propertySize), includeTick: serviceType !== 'tick-seasonal' && includeTick, includeTargetedInsects: includeStandingWater, extras: [], address: buildPricingAddress(address, city) },
        { priceTable: pricing.priceTable, taxRate: pricing.taxRate, discount: null },
      );
    } catch {
      return null;
    }
  }, [serviceType, propertySize, includeTick, includeStandingWater, address, city, pricing]);

  const customQuote = propertySize === CUSTOM_QUOTE_SIZE;
  // The custom-quote request last sent, confirmed on the page with what the customer asked (0087).
  const [sent, setSent] = useState<{ notes: string } | null>(null);

  const onSubmit = async (values: ServiceRequestValues) => {
    if (values.propertySize === CUSTOM_QUOTE_SIZE) {
      recordFunnelStep({ planType: values.serviceType, propertySize: values.propertySize, city: values.city, postalCode: values.postalCode, conversionStage: 'service_request' });
      setSent(null);
      const answer = await sendCustomQuoteRequest(values);
      if (answer.ok) {
        toast({ title: t('request.customSentTitle'), description: t('request.customSentBody') });
        setSent({ notes: values.specialRequests?.trim() ?? '' });
      }
      // Everything typed stays in the form; the server's message says what to change (a code outside the area, say).
      else toast({ variant: 'destructive', title: t('toast.errorTitle'), description: answer.error.message || t('toast.requestFailedBody') });
      return;
    }
    try {
      recordFunnelStep({ planType: values.serviceType, propertySize: values.propertySize, city: values.city, postalCode: values.postalCode, conversionStage: 'service_request' });
      router.push(`${pathPrefix}/checkout-new?${buildCheckoutNewQuery(values, preview?.totalPrice ?? null)}`);
    } catch {
      toast({ variant: 'destructive', title: t('toast.errorTitle'), description: t('toast.requestFailedBody') });
    }
  };

  const field = (name: keyof ServiceRequestValues, label: string, type = 'text', autoComplete?: string) => (
    <div className="space-y-1.5">
      <Label htmlFor={`request-${name}`}>{label}</Label>
      <Input id={`request-${name}`} type={type} autoComplete={autoComplete} maxLength={maxLengthOf(name)} aria-invalid={!!errors[name]} aria-describedby={errors[name] ? `request-${name}-error` : undefined} {...prefilled.field(name)} />
      {errors[name]?.message ? <p id={`request-${name}-error`} className="text-sm text-red-700">{translateMessage(te, errors[name].message)}</p> : null}
    </div>
  );
  const selectClass = 'h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm';

  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-6" aria-label={t('request.title')}>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t('request.contact')}</legend>
        {field('name', t('request.name'), 'text', 'name')}
        {field('email', t('form.email'), 'email', 'email')}
        {field('phone', t('form.phone'), 'tel', 'tel')}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t('request.property')}</legend>
        <div className="sm:col-span-2">{field('address', t('form.address'), 'text', 'street-address')}</div>
        {field('city', t('form.city'), 'text', 'address-level2')}
        {field('postalCode', t('form.postalCode'), 'text', 'postal-code')}
        <div className="space-y-1.5">
          <Label htmlFor="request-propertySize">{t('form.propertySize')}</Label>
          <select id="request-propertySize" className={selectClass} {...prefilled.field('propertySize')}>
            {REQUEST_SIZES.map((s) => <option key={s} value={s}>{t(`request.sizes.${s.replace('.', '_')}`)}</option>)}
          </select>
        </div>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-lg font-semibold">{t('request.service')}</legend>
        <div className="space-y-1.5">
          <Label htmlFor="request-serviceType">{t('form.serviceType')}</Label>
          <select id="request-serviceType" className={selectClass} {...prefilled.field('serviceType')}>
            <option value="onetime">{t('services.onetime')}</option>
            <option value="seasonal">{t('services.seasonal')}</option>
            <option value="tick-seasonal">{t('services.tick-seasonal')}</option>
          </select>
        </div>
        {serviceType !== 'tick-seasonal' ? (
          <label className="flex items-center gap-2 text-sm"><input type="checkbox" className="h-4 w-4" {...prefilled.checkbox('includeTick')} />{t('form.includeTick')}</label>
        ) : null}
        <label className="flex items-center gap-2 text-sm"><input type="checkbox" className="h-4 w-4" {...prefilled.checkbox('includeStandingWater')} />{t('form.includeTargetedInsects')}</label>
        <div className="space-y-1.5">
          <Label htmlFor="request-specialRequests">{t('request.specialRequests')}</Label>
          <textarea id="request-specialRequests" rows={3} maxLength={maxLengthOf('specialRequests')} className="w-full rounded-md border border-gray-300 px-3 py-2 text-sm" aria-invalid={!!errors.specialRequests} aria-describedby={errors.specialRequests ? 'request-specialRequests-error' : undefined} {...prefilled.field('specialRequests')} />
          {errors.specialRequests?.message ? <p id="request-specialRequests-error" className="text-sm text-red-700">{translateMessage(te, errors.specialRequests.message)}</p> : null}
        </div>
      </fieldset>
      {customQuote ? (
        <p className="rounded-lg bg-gray-50 p-4 text-sm">{t('request.customQuoteNote')}</p>
      ) : preview && !preview.customQuote ? (
        <p className="rounded-lg bg-gray-50 p-4 text-sm">{t('request.estimate', { price: formatMoney(preview.subtotalCents, locale) })}</p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={!hydrated || isSubmitting}>{customQuote ? t('request.sendCustomQuote') : t('request.continue')}</Button>
      <div role="status">{sent ? <CustomQuoteSentNotice notes={sent.notes} /> : null}</div>
    </form>
  );
}

/**
 * The page's confirmation of a custom-quote request (0087): sent, what happens next, and the
 * special requests the customer wrote, repeated as typed (React escapes them; line breaks kept),
 * as their confirmation email repeats them. Stays on the page, unlike the toast.
 */
export function CustomQuoteSentNotice({ notes }: { notes: string }) {
  const t = useTranslations('booking');
  return (
    <div className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm">
      <p className="font-semibold">{t('request.customSentTitle')}</p>
      <p>{t('request.customSentBody')}</p>
      {notes ? (
        <>
          <p className="mt-2 font-semibold">{t('request.customSentNotes')}</p>
          <p className="whitespace-pre-line wrap-anywhere">{notes}</p>
        </>
      ) : null}
    </div>
  );
}
