'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { placeServerErrors, useDescribeError } from '@/components/ui/form-outcome';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FormDialog } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import { usePrefilledFields } from '@/components/ui/prefilled-fields';
import { FIELD_LIMITS } from '@/lib/field-limits';
import { type CustomerContact, type CustomerContactInput, CustomerContactSchema } from '../dashboard.schema';
import { callStaffApi } from './staff-api';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'postalCode'] as const;
type Field = (typeof FIELDS)[number];
const INPUT_TYPE: Partial<Record<Field, string>> = { email: 'email', phone: 'tel' };

/**
 * "Edit contact details" on the customer details page: the office corrects a name, email, phone
 * or address, checked with the schema the server applies; the page reloads its data when saved.
 */
export function CustomerContactEditor({ customerId, name, initial }: { customerId: number; name: string; initial: CustomerContactInput }) {
  const t = useTranslations('adminDashboard.customerEdit');
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<CustomerContactInput, unknown, CustomerContact>({
    resolver: zodResolver(CustomerContactSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = formState;
  const prefilled = usePrefilledFields({ register, formState });
  const describe = useDescribeError();

  const close = () => {
    setOpen(false);
    setFormError(null);
    reset(initial);
  };

  const submit = async (values: CustomerContact) => {
    setFormError(null);
    const { ok, body } = await callStaffApi<{ id: number }>(`/api/admin/customers/${customerId}`, { method: 'PATCH', body: values });
    if (ok) {
      setOpen(false);
      toast({ title: t('saved') });
      router.refresh();
      return;
    }
    if (!placeServerErrors(body?.fields, FIELDS, setError)) setFormError(body?.message ?? t('failed'));
  };

  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => { reset(initial); setOpen(true); }}>{t('edit')}</Button>
      <FormDialog open={open} onClose={close} title={t('title', { name })} description={t('description')} closeLabel={t('close')}>
        <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map((field) => {
              const message = describe(errors[field]);
              return (
                <div key={field} className={field === 'email' || field === 'address' ? 'space-y-1.5 sm:col-span-2' : 'space-y-1.5'}>
                  <Label htmlFor={`${id}-${field}`}>{t(field)}</Label>
                  <Input
                    id={`${id}-${field}`}
                    type={INPUT_TYPE[field] ?? 'text'}
                    // Someone else's details: the office's own saved addresses must not be offered.
                    autoComplete="off"
                    maxLength={FIELD_LIMITS[field]}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? `${id}-${field}-error` : undefined}
                    {...prefilled.field(field)}
                  />
                  {message ? <p id={`${id}-${field}-error`} className="text-sm text-red-700">{message}</p> : null}
                </div>
              );
            })}
          </div>
          {formError ? <p role="alert" className="text-sm text-red-700">{formError}</p> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>{t('cancel')}</Button>
            <Button type="submit" disabled={isSubmitting}>{isSubmitting ? t('saving') : t('save')}</Button>
          </div>
        </form>
      </FormDialog>
    </>
  );
}
