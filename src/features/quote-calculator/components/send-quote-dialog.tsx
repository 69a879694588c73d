'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { DialogCloseButton } from '@/components/ui/dialog-close-button';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { toast } from '@/components/ui/use-toast';
import { trackEvent } from '@/features/analytics/analytics';
import { FIELD_LIMITS, isMessageKey } from '@/lib/field-limits';
import type { CalculatorFormInput, CalculatorFormValues } from '../calculator.schema';
import { SendQuoteFormSchema, type SendQuoteFormValues } from '../calculator.schema';
import { type CalculatorErrorField, placeSendQuoteErrors } from '../send-quote-errors';
import type { OutsideServiceArea } from '@/features/service-area/postal-code';
import { toTelHref } from '@/lib/phone';

export interface QuoteSummary {
  serviceType: string;
  propertySize: number;
  includeTick: boolean;
  includeTargetedInsects: boolean;
  extras: string[];
  discountCode?: string;
  totalPrice: number;
  lotSizeDisplay: string;
  city: string;
}

type ContactKey = 'firstName' | 'lastName' | 'email' | 'phone';
const CONTACT_KEYS: ContactKey[] = ['firstName', 'lastName', 'email', 'phone'];

/**
 * SPEC "Send Quote to Your Email": the contact fields come from (and go back to) the calculator form.
 * For acreage (`custom`) it is the request for a custom quote: no quote or booking link is sent, so
 * it says what happens instead, a confirmation and a call with a price (0078).
 */
export function SendQuoteDialog({ open, onOpenChange, form, quote, custom = false, outsideArea = null, officePhone = '' }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: UseFormReturn<CalculatorFormInput, unknown, CalculatorFormValues>;
  quote: QuoteSummary;
  custom?: boolean;
  /**
   * The calculator's postal code when the branch does not serve it (0104): the modal says so with
   * the phone to call, instead of asking for contact details to send a quote that could not be booked.
   */
  outsideArea?: OutsideServiceArea | null;
  officePhone?: string;
}) {
  const t = useTranslations('calculator');
  const tRoot = useTranslations();
  const uid = useId();
  const fid = (name: string) => `${uid}-${name}`;
  const modal = useForm<SendQuoteFormValues>({
    resolver: zodResolver(SendQuoteFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', website: '' },
  });
  const { register, handleSubmit, reset, control, formState } = modal;
  const { errors, isSubmitting } = formState;
  const watched = useWatch({ control, name: CONTACT_KEYS });
  // A calculator field the customer must correct: focused once the modal has closed.
  const focusAfterClose = useRef<CalculatorErrorField | null>(null);
  const returnFocus = useReturnFocus();

  /** Closes the modal so the calculator field and its message can be seen, and focuses the field. */
  const returnToField = (name: CalculatorErrorField) => {
    focusAfterClose.current = name;
    onOpenChange(false);
  };

  useEffect(() => {
    if (!open) return;
    const values = form.getValues();
    reset({ firstName: values.firstName, lastName: values.lastName, email: values.email, phone: values.phone, website: '' });
  }, [open, form, reset]);

  // SPEC: disabled while sending, or while email, first name, last name or phone is empty.
  const disabled = isSubmitting || watched.some((value) => !value?.trim());

  const send = async (values: SendQuoteFormValues) => {
    // What was typed here is not lost: it fills the calculator's customer block too. Once the
    // calculator has been submitted its fields are checked again, so a "required" message from an
    // earlier Buy Now does not stay under a field that now holds a value.
    for (const key of CONTACT_KEYS) form.setValue(key, values[key], { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    const { address, postalCode, secondContact } = form.getValues();
    if (!address.trim()) {
      toast({ variant: 'destructive', title: t('toasts.addressRequiredTitle'), description: t('toasts.addressRequiredModal') });
      return;
    }
    // The postal code must be one booking accepts (the server also checks that it is served).
    if (!(await form.trigger('postalCode'))) {
      returnToField('postalCode');
      toast({ variant: 'destructive', title: t('toasts.missingTitle'), description: t('errors.postalCodeInvalid') });
      return;
    }
    // An opened second-contact block is checked like the rest of the calculator before it is sent.
    if (secondContact.enabled && !(await form.trigger('secondContact'))) {
      onOpenChange(false);
      toast({ variant: 'destructive', title: t('toasts.missingTitle'), description: t('toasts.secondContactInvalid') });
      return;
    }
    const res = await fetch('/api/send-quote', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: values.email,
        name: `${values.firstName} ${values.lastName}`,
        // The two fields as typed, so the quote and everything after it keep a compound first name whole (0070).
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.phone,
        website: values.website ?? '',
        quoteDetails: { ...quote, address: address.trim(), postalCode: postalCode.trim() || undefined },
        ...(secondContact.enabled ? { secondContact: { name: secondContact.name.trim(), email: secondContact.email.trim(), phone: secondContact.phone.trim() } } : {}),
      }),
    }).catch(() => null);
    if (res?.ok) {
      // SPEC §7: Lead, content 'Quote Request', when a quote is sent (a no-op without ids and consent).
      trackEvent('Lead', { preTaxTotal: quote.totalPrice, contentName: 'Quote Request' });
      toast(custom
        ? { title: t('toasts.customSentTitle'), description: t('toasts.customSentBody') }
        : { title: t('toasts.quoteSentTitle'), description: t('toasts.quoteSentBody') });
      onOpenChange(false);
      return;
    }
    // A refused field (say, a postal code outside the service area) is shown where it is typed;
    // everything the customer entered stays in the calculator.
    const body = res?.status === 400 ? ((await res.json().catch(() => null)) as { message?: unknown; fields?: unknown } | null) : null;
    const placed = placeSendQuoteErrors(body?.fields);
    for (const { name, message } of placed.dialog) modal.setError(name, { type: 'server', message });
    for (const { name, message } of placed.calculator) form.setError(name, { type: 'server', message });
    if (placed.calculator[0]) returnToField(placed.calculator[0].name);
    const refusal = placed.calculator.length + placed.dialog.length > 0 && typeof body?.message === 'string' ? body.message : null;
    toast({ variant: 'destructive', title: t('toasts.quoteFailedTitle'), description: refusal ?? t('toasts.quoteFailedBody') });
  };

  const invalid = (formErrors: typeof errors) => {
    if (formErrors.email || formErrors.firstName || formErrors.lastName) {
      toast({ variant: 'destructive', title: t('toasts.missingTitle'), description: t('toasts.missingEmailBody') });
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The dialog renders in a portal; keep its submit from reaching any form around the trigger.
    event.stopPropagation();
    return handleSubmit(send, invalid)(event);
  };

  const field = (name: ContactKey, type: string, autoComplete: string) => {
    const message = errors[name]?.message;
    return (
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor={fid(name)}>{t(`fields.${name}`)}</Label>
        <Input id={fid(name)} type={type} autoComplete={autoComplete} maxLength={FIELD_LIMITS[name]} required aria-invalid={!!message} aria-describedby={message ? fid(`${name}-error`) : undefined} {...register(name)} />
        {/* Zod messages are keys; the server's arrive already translated. */}
        {message ? <p id={fid(`${name}-error`)} className="text-sm text-red-700">{isMessageKey(message) ? tRoot(message) : message}</p> : null}
      </div>
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={(event) => {
            const name = focusAfterClose.current;
            focusAfterClose.current = null;
            // Back on "Send Quote by Email" (the dialog has no Trigger for Radix to return to).
            if (!name) return returnFocus.onCloseAutoFocus(event);
            event.preventDefault();
            form.setFocus(name);
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          {outsideArea ? (
            <>
              <Dialog.Title className="text-xl font-semibold">{t('outsideArea.title', { postalCode: outsideArea.postalCode })}</Dialog.Title>
              <Dialog.Description className="mt-2 text-sm text-gray-700">
                {officePhone ? t('outsideArea.body', { postalCode: outsideArea.postalCode, phone: officePhone }) : t('outsideArea.bodyNoPhone', { postalCode: outsideArea.postalCode })}
              </Dialog.Description>
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                {officePhone ? (
                  <a className="font-semibold text-brand-800 underline underline-offset-4" href={toTelHref(officePhone)}>{t('outsideArea.call', { phone: officePhone })}</a>
                ) : null}
                <Button type="button" variant="outline" onClick={() => returnToField('postalCode')}>{t('outsideArea.changeCode')}</Button>
              </div>
            </>
          ) : (
          <>
          <Dialog.Title className="text-xl font-semibold">{t(custom ? 'emailDialog.customTitle' : 'emailDialog.title')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">{t(custom ? 'emailDialog.customDescription' : 'emailDialog.description')}</Dialog.Description>
          <form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              {field('firstName', 'text', 'given-name')}
              {field('lastName', 'text', 'family-name')}
            </div>
            {field('email', 'email', 'email')}
            {field('phone', 'tel', 'tel')}
            {/* Honeypot: hidden from people and assistive technology, filled only by bots. */}
            <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor={fid('website')}>{t('emailDialog.honeypot')}</label>
              <input id={fid('website')} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
            </div>
            <Button type="submit" className="w-full" disabled={disabled}>
              {isSubmitting ? t('emailDialog.sending') : t(custom ? 'emailDialog.customSubmit' : 'emailDialog.submit')}
            </Button>
          </form>
          </>
          )}
          <DialogCloseButton label={t('emailDialog.close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
