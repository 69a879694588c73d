'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { FIELD_LIMITS, isMessageKey } from '@/lib/field-limits';
import { useHydrated } from '@/lib/use-hydrated';
import { type RequestLinkInput, RequestLinkSchema, type RequestLinkValues } from '../manage-booking.schema';

const EMPTY: RequestLinkInput = { email: '', website: '' };

/**
 * "Find your booking" (decision 0032): the address the customer booked with; the server emails
 * the links of their bookings still to come. The answer is the same whatever the address, and is
 * shown in place of nothing: the form stays for another try. The address goes in the body only.
 */
export function RequestLinkForm() {
  const hydrated = useHydrated();
  const locale = useLocale();
  const t = useTranslations('manageBooking.request');
  const tRoot = useTranslations();
  const uid = useId();
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<RequestLinkInput, unknown, RequestLinkValues>({
    resolver: zodResolver(RequestLinkSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = async (values: RequestLinkValues) => {
    setSent(null);
    const res = await fetch('/api/manage-booking/request-link', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-locale': locale },
      body: JSON.stringify({ email: values.email, website: values.website ?? '', locale }),
      cache: 'no-store',
    }).catch(() => null);
    const body = (await res?.json().catch(() => null)) as { message?: string; fields?: Record<string, string> } | null;
    if (res?.ok) {
      setSent(body?.message || t('sent'));
      reset(EMPTY);
      return;
    }
    if (res?.status === 400 && body?.fields?.email) setError('email', { type: 'server', message: body.fields.email });
    toast({ variant: 'destructive', title: t('failedTitle'), description: body?.message || tRoot('errors.generic') });
  };

  const emailError = errors.email?.message;
  return (
    <div className="space-y-4">
      <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={t('formLabel')}>
        <div className="space-y-1.5">
          <Label htmlFor={`${uid}-email`}>{t('emailLabel')}</Label>
          <Input
            id={`${uid}-email`} type="email" autoComplete="email" maxLength={FIELD_LIMITS.email} required
            aria-invalid={emailError ? true : undefined} aria-describedby={emailError ? `${uid}-email-error` : undefined}
            {...register('email')}
          />
          {emailError ? <p id={`${uid}-email-error`} className="text-sm text-red-700">{isMessageKey(emailError) ? tRoot(emailError) : emailError}</p> : null}
        </div>
        {/* Honeypot: hidden from people and assistive technology, tempting to bots. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={`${uid}-website`}>{t('honeypot')}</label>
          <input id={`${uid}-website`} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </div>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? t('sending') : t('submit')}
        </Button>
      </form>
      <p role="status" className="font-medium text-leaf-700">{sent}</p>
    </div>
  );
}
