'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { toRefusal, useDescribeError, useSaveOutcome } from '@/components/ui/form-outcome';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { buildOwnPasswordFormSchema, type OwnPasswordFormValues } from '../staff-account.schema';
import type { OwnPasswordChangeResult } from '../staff-account.service';
import { StaffFormFooter } from './staff-account-forms';

const FIELDS = ['currentPassword', 'newPassword', 'repeatPassword'] as const;
const blank: OwnPasswordFormValues = { currentPassword: '', newPassword: '', repeatPassword: '' };

/**
 * The signed-in staff member's own "Change password" form (decision 0037): checked in the browser
 * with the server's rules; the server checks the current password and signs out their other sessions.
 */
export function OwnPasswordForm({ username, labelledBy }: { username: string; labelledBy: string }) {
  const t = useTranslations('account');
  const tAccounts = useTranslations('staffAccounts');
  const describe = useDescribeError();
  const id = useId();
  const [show, setShow] = useState(false);
  const schema = useMemo(() => buildOwnPasswordFormSchema(username), [username]);
  const { register, handleSubmit, formState, setError, reset } = useForm<OwnPasswordFormValues>({ resolver: zodResolver(schema), defaultValues: blank });
  const { errors, isSubmitting } = formState;
  const { formError, runSave } = useSaveOutcome(FIELDS, setError, t('failed'));
  const type = show ? 'text' : 'password';

  const changePassword = async ({ currentPassword, newPassword }: OwnPasswordFormValues) => {
    const { ok, body } = await callStaffApi<OwnPasswordChangeResult>('/api/account/password', { method: 'POST', body: { currentPassword, newPassword } });
    return ok && body?.ok ? { ok: true as const } : toRefusal(body);
  };

  const submit = async (values: OwnPasswordFormValues) => {
    if (!(await runSave(() => changePassword(values)))) return;
    reset(blank);
    setShow(false);
    toast({ title: t('changedTitle'), description: t('changedBody') });
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4" aria-labelledby={labelledBy}>
      {/* For password managers: the account this new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <FormField id={`${id}-current`} label={t('currentPassword')} error={describe(errors.currentPassword)}>
        {(props) => <Input type={type} autoComplete="current-password" autoCapitalize="none" spellCheck={false} {...props} {...register('currentPassword')} />}
      </FormField>
      <FormField id={`${id}-new`} label={t('newPassword')} hint={tAccounts('passwordRule')} error={describe(errors.newPassword)}>
        {(props) => <Input type={type} autoComplete="new-password" autoCapitalize="none" spellCheck={false} {...props} {...register('newPassword')} />}
      </FormField>
      <FormField id={`${id}-repeat`} label={t('repeatPassword')} error={describe(errors.repeatPassword)}>
        {(props) => <Input type={type} autoComplete="new-password" autoCapitalize="none" spellCheck={false} {...props} {...register('repeatPassword')} />}
      </FormField>
      <div className="flex items-center gap-2">
        <input type="checkbox" id={`${id}-show`} className="h-4 w-4 accent-brand-700" checked={show} onChange={(e) => setShow(e.target.checked)} />
        <Label htmlFor={`${id}-show`} className="font-normal">{t('showPasswords')}</Label>
      </div>
      <StaffFormFooter formError={formError} busy={isSubmitting} submitLabel={t('submit')} />
    </form>
  );
}
