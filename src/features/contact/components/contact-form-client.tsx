'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { FIELD_LIMITS, isMessageKey } from '@/lib/field-limits';
import { useHydrated } from '@/lib/use-hydrated';
import { CONTACT_SUBJECTS } from '../contact-subjects';
import { type ContactFormInput, ContactFormSchema, type ContactFormValues } from './contact-form.schema';

const EMPTY: ContactFormInput = { name: '', email: '', phone: '', subject: 'question', message: '', website: '' };

/** The fields a 400 from POST /api/messages can name that this form shows. */
const SERVER_FIELDS = new Set<string>(['name', 'email', 'phone', 'subject', 'message']);

const fieldClass =
  'flex w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-ink placeholder:text-gray-500 aria-invalid:border-red-600';

export function ContactForm({ className }: { className?: string }) {
  const hydrated = useHydrated();
  const t = useTranslations('contactForm');
  const tRoot = useTranslations();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const { register, handleSubmit, reset, setError, formState } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(ContactFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;
  // While the message is on its way the button stays focusable (a disabled button would drop the
  // keyboard's focus to the page, far from the form, as the toast is read); a second press is ignored.
  const sending = useRef(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (sending.current) {
      event.preventDefault();
      return;
    }
    sending.current = true;
    return handleSubmit(onSubmit)(event).finally(() => { sending.current = false; });
  };

  const onSubmit = async (values: ContactFormValues) => {
    const res = await fetch('/api/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...values, phone: values.phone || undefined, website: values.website ?? '' }),
    }).catch(() => null);
    if (res?.ok) {
      toast({ title: t('sentTitle'), description: t('sentBody') });
      reset(EMPTY);
      return;
    }
    // Whatever was typed stays in the form so the visitor can retry. A 400 names the fields it
    // refused (messages already translated): each is shown under its own field.
    const body = (await res?.json().catch(() => null)) as { message?: string; fields?: Record<string, string> } | null;
    if (res?.status === 400 && body?.fields) {
      for (const [field, message] of Object.entries(body.fields)) {
        if (SERVER_FIELDS.has(field)) setError(field as keyof ContactFormInput, { type: 'server', message });
      }
    }
    toast({ variant: 'destructive', title: t('failedTitle'), description: body?.message || tRoot('errors.generic') });
  };

  const errorOf = (name: keyof ContactFormInput) => {
    const message = errors[name]?.message;
    return message ? (
      <p id={id(`${name}-error`)} className="text-sm text-red-700">
        {isMessageKey(message) ? tRoot(message) : message}
      </p>
    ) : null;
  };
  const a11y = (name: keyof ContactFormInput) => ({
    id: id(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? id(`${name}-error`) : undefined,
  });

  return (
    <form method="post" noValidate onSubmit={submit} className={cn('space-y-4', className)} aria-label={t('formLabel')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={id('name')}>{t('name')}</Label>
          <Input autoComplete="name" maxLength={FIELD_LIMITS.name} required {...a11y('name')} {...register('name')} />
          {errorOf('name')}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={id('email')}>{t('email')}</Label>
          <Input type="email" autoComplete="email" maxLength={FIELD_LIMITS.email} required {...a11y('email')} {...register('email')} />
          {errorOf('email')}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={id('phone')}>{t('phone')}</Label>
          <Input type="tel" autoComplete="tel" maxLength={FIELD_LIMITS.phone} {...a11y('phone')} {...register('phone')} />
          {errorOf('phone')}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={id('subject')}>{t('subject')}</Label>
          <select className={cn(fieldClass, 'h-10')} {...a11y('subject')} {...register('subject')}>
            {CONTACT_SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {t(`subjects.${s}`)}
              </option>
            ))}
          </select>
          {errorOf('subject')}
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={id('message')}>{t('message')}</Label>
        <textarea rows={5} maxLength={FIELD_LIMITS.message} required className={fieldClass} {...a11y('message')} {...register('message')} />
        {errorOf('message')}
      </div>
      {/* Honeypot: hidden from people and assistive technology, tempting to bots. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={id('website')}>{t('honeypot')}</label>
        <input id={id('website')} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={!hydrated} aria-disabled={isSubmitting || undefined}>
        {isSubmitting ? t('sending') : t('send')}
      </Button>
    </form>
  );
}
