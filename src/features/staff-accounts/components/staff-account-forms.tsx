'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useForm, type UseFormRegisterReturn, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { placeServerErrors, type SaveOutcome, useDescribeError } from '@/components/ui/form-outcome';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useHydrated } from '@/lib/use-hydrated';
import {
  buildPasswordResetSchema, type PasswordResetValues, type StaffAccountEdit, StaffAccountEditSchema, type StaffAccountEditValues,
  type StaffAccountFormValues, type StaffAccountInput, StaffAccountInputSchema,
} from '../staff-account.schema';
import type { StaffAccountsOverview } from '../staff-account.service';

type Technicians = StaffAccountsOverview['technicians'];
type FieldProps = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

const selectClass = 'flex h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-base text-ink aria-invalid:border-red-600';

/** The select's value ('' for none) → the technician id the schema expects. */
const toTechnicianId = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** A labelled control with its hint and error, tied to it by aria-describedby. */
export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error: string | null; children: (props: FieldProps) => ReactNode }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? <p id={`${id}-hint`} className="text-sm text-gray-600">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

/** The form's refusal and buttons; submit waits for React, so the browser never sends a password itself. */
export function FormFooter({ formError, onCancel, busy, submitLabel }: { formError: string | null; onCancel?: () => void; busy: boolean; submitLabel: string }) {
  const t = useTranslations('staffAccounts');
  const hydrated = useHydrated();
  return (
    <>
      {formError ? <p role="alert" className="text-sm text-red-700">{formError}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? <Button type="button" variant="outline" onClick={onCancel}>{t('cancel')}</Button> : null}
        <Button type="submit" disabled={!hydrated || busy}>{busy ? t('saving') : submitLabel}</Button>
      </div>
    </>
  );
}

/** The access radios: administrator or technician, each with what it opens. */
function RoleChoice({ id, registration, error }: { id: string; registration: UseFormRegisterReturn<'role'>; error: string | null }) {
  const t = useTranslations('staffAccounts');
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-role-error` : undefined}>
      <legend className="text-sm font-medium text-ink">{t('access')}</legend>
      {(['admin', 'technician'] as const).map((role) => (
        <div key={role} className="flex items-start gap-2">
          <input
            type="radio"
            id={`${id}-role-${role}`}
            value={role}
            className="mt-1 h-4 w-4 accent-brand-700"
            aria-describedby={`${id}-role-${role}-hint`}
            {...registration}
          />
          <div>
            <Label htmlFor={`${id}-role-${role}`}>{t(role === 'admin' ? 'roleAdmin' : 'roleTechnician')}</Label>
            <p id={`${id}-role-${role}-hint`} className="text-sm text-gray-600">{t(role === 'admin' ? 'roleAdminHint' : 'roleTechnicianHint')}</p>
          </div>
        </div>
      ))}
      {error ? <p id={`${id}-role-error`} className="text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}

/** Active technicians, and the one already linked even if it was deactivated since. */
function TechnicianOptions({ technicians, currentId }: { technicians: Technicians; currentId: number | null }) {
  const t = useTranslations('staffAccounts');
  return (
    <>
      <option value="">{t('technicianPlaceholder')}</option>
      {technicians
        .filter((tech) => tech.isActive || tech.id === currentId)
        .map((tech) => (
          <option key={tech.id} value={String(tech.id)}>{tech.isActive ? tech.name : t('technicianInactiveOption', { name: tech.name })}</option>
        ))}
    </>
  );
}

function PasswordField({ id, label, error, registration }: { id: string; label: string; error: string | null; registration: UseFormRegisterReturn<'password'> }) {
  const t = useTranslations('staffAccounts');
  const [show, setShow] = useState(false);
  return (
    <div className="space-y-2">
      <Field id={id} label={label} hint={t('passwordRule')} error={error}>
        {(props) => <Input type={show ? 'text' : 'password'} autoComplete="new-password" autoCapitalize="none" spellCheck={false} {...props} {...registration} />}
      </Field>
      <div className="flex items-center gap-2">
        <input type="checkbox" id={`${id}-show`} className="h-4 w-4 accent-brand-700" checked={show} onChange={(e) => setShow(e.target.checked)} />
        <Label htmlFor={`${id}-show`} className="font-normal">{t('showPassword')}</Label>
      </div>
    </div>
  );
}

const CREATE_FIELDS = ['displayName', 'username', 'role', 'technicianId', 'password'] as const;

/** The "Add an account" form: checked in the browser with the schema the server applies. */
export function StaffAccountCreateForm({ technicians, onSave, labelledBy }: {
  technicians: Technicians;
  onSave: (values: StaffAccountInput) => Promise<SaveOutcome>;
  labelledBy: string;
}) {
  const t = useTranslations('staffAccounts');
  const describe = useDescribeError();
  const id = useId();
  const blank: StaffAccountFormValues = { displayName: '', username: '', role: 'technician', technicianId: null, password: '' };
  const { register, handleSubmit, formState, setError, setValue, reset, control } = useForm<StaffAccountFormValues, unknown, StaffAccountInput>({
    resolver: zodResolver(StaffAccountInputSchema),
    defaultValues: blank,
  });
  const { errors, isSubmitting } = formState;
  const role = useWatch({ control, name: 'role' });
  const [formError, setFormError] = useState<string | null>(null);
  // An administrator's account has no technician: choosing that access clears it.
  const clearTechnicianForAdmin = (e: { target: { value: string } }) => { if (e.target.value === 'admin') setValue('technicianId', null); };

  const submit = async (values: StaffAccountInput) => {
    setFormError(null);
    const outcome = await onSave(values);
    if (outcome.ok) {
      reset(blank);
      return;
    }
    if (!placeServerErrors(outcome.fields, CREATE_FIELDS, setError)) setFormError(outcome.message ?? t('saveFailed'));
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4" aria-labelledby={labelledBy}>
      <Field id={`${id}-displayName`} label={t('displayName')} hint={t('displayNameHint')} error={describe(errors.displayName)}>
        {(props) => <Input autoComplete="off" {...props} {...register('displayName')} />}
      </Field>
      <Field id={`${id}-username`} label={t('username')} hint={t('usernameHint')} error={describe(errors.username)}>
        {(props) => <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...props} {...register('username')} />}
      </Field>
      <RoleChoice
        id={id}
        error={describe(errors.role)}
        registration={register('role', { onChange: clearTechnicianForAdmin })}
      />
      {role === 'technician' ? (
        <Field id={`${id}-technicianId`} label={t('technician')} hint={t('technicianHint')} error={describe(errors.technicianId)}>
          {(props) => (
            <select className={selectClass} {...props} {...register('technicianId', { setValueAs: toTechnicianId })}>
              <TechnicianOptions technicians={technicians} currentId={null} />
            </select>
          )}
        </Field>
      ) : null}
      <PasswordField id={`${id}-password`} label={t('password')} error={describe(errors.password)} registration={register('password')} />
      <FormFooter formError={formError} busy={isSubmitting} submitLabel={t('add')} />
    </form>
  );
}

const EDIT_FIELDS = ['displayName', 'role', 'technicianId'] as const;

/** The edit dialog's form: name, access and technician (the username never changes). */
export function StaffAccountEditForm({ technicians, initial, username, isYou, onSave, onCancel }: {
  technicians: Technicians;
  initial: StaffAccountEditValues;
  username: string;
  /** The admin's own account: its access is shown, not offered (nobody demotes themselves). */
  isYou: boolean;
  onSave: (values: StaffAccountEdit) => Promise<SaveOutcome>;
  onCancel: () => void;
}) {
  const t = useTranslations('staffAccounts');
  const describe = useDescribeError();
  const id = useId();
  const { register, handleSubmit, formState, setError, setValue, control } = useForm<StaffAccountEditValues, unknown, StaffAccountEdit>({
    resolver: zodResolver(StaffAccountEditSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = formState;
  const role = useWatch({ control, name: 'role' });
  const [formError, setFormError] = useState<string | null>(null);
  // An administrator's account has no technician: choosing that access clears it.
  const clearTechnicianForAdmin = (e: { target: { value: string } }) => { if (e.target.value === 'admin') setValue('technicianId', null); };

  const submit = async (values: StaffAccountEdit) => {
    setFormError(null);
    const outcome = await onSave(values);
    if (!outcome.ok && !placeServerErrors(outcome.fields, EDIT_FIELDS, setError)) setFormError(outcome.message ?? t('saveFailed'));
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <p className="text-sm text-gray-700">{t('signsInAs', { username })}</p>
      <Field id={`${id}-displayName`} label={t('displayName')} hint={t('displayNameHint')} error={describe(errors.displayName)}>
        {(props) => <Input autoComplete="off" {...props} {...register('displayName')} />}
      </Field>
      {isYou ? (
        <div className="space-y-1">
          <p className="text-sm font-medium text-ink">{t('access')}</p>
          <p className="text-sm text-gray-700">{t(initial.role === 'admin' ? 'roleAdmin' : 'roleTechnician')}</p>
          <p className="text-sm text-gray-600">{t('ownAccessFixed')}</p>
        </div>
      ) : (
        <RoleChoice
          id={id}
          error={describe(errors.role)}
          registration={register('role', { onChange: clearTechnicianForAdmin })}
        />
      )}
      {role === 'technician' ? (
        <Field id={`${id}-technicianId`} label={t('technician')} hint={t('technicianHint')} error={describe(errors.technicianId)}>
          {(props) => (
            <select className={selectClass} {...props} {...register('technicianId', { setValueAs: toTechnicianId })}>
              <TechnicianOptions technicians={technicians} currentId={initial.technicianId ?? null} />
            </select>
          )}
        </Field>
      ) : null}
      <FormFooter formError={formError} onCancel={onCancel} busy={isSubmitting} submitLabel={t('save')} />
    </form>
  );
}

/** The set-password dialog's form: the new password, checked against the account's username. */
export function PasswordForm({ username, onSave, onCancel, submitLabel }: {
  username: string;
  onSave: (values: PasswordResetValues) => Promise<SaveOutcome>;
  onCancel: () => void;
  submitLabel: string;
}) {
  const t = useTranslations('staffAccounts');
  const describe = useDescribeError();
  const id = useId();
  const schema = useMemo(() => buildPasswordResetSchema(username), [username]);
  const { register, handleSubmit, formState, setError } = useForm<PasswordResetValues>({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const { errors, isSubmitting } = formState;
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (values: PasswordResetValues) => {
    setFormError(null);
    const outcome = await onSave(values);
    if (!outcome.ok && !placeServerErrors(outcome.fields, ['password'], setError)) setFormError(outcome.message ?? t('saveFailed'));
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <PasswordField id={`${id}-password`} label={t('newPassword')} error={describe(errors.password)} registration={register('password')} />
      <FormFooter formError={formError} onCancel={onCancel} busy={isSubmitting} submitLabel={submitLabel} />
    </form>
  );
}
