'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { type ComponentProps, useId, useMemo, useState } from 'react';
import { useForm, type UseFormRegisterReturn, useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { type SaveOutcome, useDescribeError, useSaveOutcome } from '@/components/ui/form-outcome';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { usePrefilledFields } from '@/components/ui/prefilled-fields';
import { Select } from '@/components/ui/select';
import {
  buildPasswordResetSchema, type PasswordResetValues, ROLE_LABELS, STAFF_ROLES, type StaffRole, type StaffAccountEdit, StaffAccountEditSchema, type StaffAccountEditValues,
  type StaffAccountFormValues, type StaffAccountInput, StaffAccountInputSchema,
} from '../staff-account.schema';
import type { StaffAccountsOverview } from '../staff-account.service';

type Technicians = StaffAccountsOverview['technicians'];

/** The select's value ('' for none) → the technician id the schema expects. */
const toTechnicianId = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** Only a technician's account has a technician: choosing another access clears it (the role radios' onChange). */
const clearTechnicianForAdmin = (setValue: (name: 'technicianId', value: null) => void) => (e: { target: { value: string } }) => {
  if (e.target.value !== 'technician') setValue('technicianId', null);
};

/** These forms' refusal and buttons; submit waits for React, so the browser never sends a password itself. */
export function StaffFormFooter({ formError, onCancel, busy, submitLabel }: { formError: string | null; onCancel?: () => void; busy: boolean; submitLabel: string }) {
  const t = useTranslations('staffAccounts');
  return <FormFooter formError={formError} onCancel={onCancel} busy={busy} submitLabel={submitLabel} savingLabel={t('saving')} cancelLabel={t('cancel')} holdUntilHydrated />;
}

/** The access radios: administrator, office or technician, each with what it opens. */
function RoleChoice({ id, radio, error }: { id: string; radio: (role: StaffRole) => ComponentProps<'input'>; error: string | null }) {
  const t = useTranslations('staffAccounts');
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-role-error` : undefined}>
      <legend className="text-sm font-medium text-ink">{t('access')}</legend>
      {STAFF_ROLES.map((role) => (
        <div key={role} className="flex items-start gap-2">
          <input
            type="radio"
            id={`${id}-role-${role}`}
            className="mt-1 h-4 w-4 accent-brand-700"
            aria-describedby={`${id}-role-${role}-hint`}
            {...radio(role)}
          />
          <div>
            <Label htmlFor={`${id}-role-${role}`}>{t(ROLE_LABELS[role].label)}</Label>
            <p id={`${id}-role-${role}-hint`} className="text-sm text-gray-600">{t(ROLE_LABELS[role].hint)}</p>
          </div>
        </div>
      ))}
      {error ? <p id={`${id}-role-error`} className="text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}

/** The technician a login shows the day sheet of: active ones, and the one already linked even if it was deactivated since. */
function TechnicianField({ id, technicians, currentId, error, registration }: {
  id: string; technicians: Technicians; currentId: number | null; error: string | null; registration: ComponentProps<'select'>;
}) {
  const t = useTranslations('staffAccounts');
  return (
    <FormField id={`${id}-technicianId`} label={t('technician')} hint={t('technicianHint')} error={error}>
      {(props) => (
        <Select {...props} {...registration}>
          <option value="">{t('technicianPlaceholder')}</option>
          {technicians
            .filter((tech) => tech.isActive || tech.id === currentId)
            .map((tech) => (
              <option key={tech.id} value={String(tech.id)}>{tech.isActive ? tech.name : t('technicianInactiveOption', { name: tech.name })}</option>
            ))}
        </Select>
      )}
    </FormField>
  );
}

function PasswordField({ id, label, error, registration }: { id: string; label: string; error: string | null; registration: UseFormRegisterReturn<'password'> }) {
  const t = useTranslations('staffAccounts');
  const [show, setShow] = useState(false);
  return (
    <div className="space-y-2">
      <FormField id={id} label={label} hint={t('passwordRule')} error={error}>
        {(props) => <Input type={show ? 'text' : 'password'} autoComplete="new-password" autoCapitalize="none" spellCheck={false} {...props} {...registration} />}
      </FormField>
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
  const prefilled = usePrefilledFields({ register, formState });
  const role = useWatch({ control, name: 'role' });
  const { formError, runSave } = useSaveOutcome(CREATE_FIELDS, setError, t('saveFailed'));

  const submit = async (values: StaffAccountInput) => {
    if (await runSave(() => onSave(values))) reset(blank);
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4" aria-labelledby={labelledBy}>
      <FormField id={`${id}-displayName`} label={t('displayName')} hint={t('displayNameHint')} error={describe(errors.displayName)}>
        {(props) => <Input autoComplete="off" {...props} {...prefilled.field('displayName')} />}
      </FormField>
      <FormField id={`${id}-username`} label={t('username')} hint={t('usernameHint')} error={describe(errors.username)}>
        {(props) => <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...props} {...prefilled.field('username')} />}
      </FormField>
      <RoleChoice id={id} error={describe(errors.role)} radio={(value) => prefilled.option('role', value, { onChange: clearTechnicianForAdmin(setValue) })} />
      {role === 'technician' ? (
        <TechnicianField
          id={id}
          technicians={technicians}
          currentId={null}
          error={describe(errors.technicianId)}
          registration={prefilled.field('technicianId', { setValueAs: toTechnicianId })}
        />
      ) : null}
      <PasswordField id={`${id}-password`} label={t('password')} error={describe(errors.password)} registration={register('password')} />
      <StaffFormFooter formError={formError} busy={isSubmitting} submitLabel={t('add')} />
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
  const prefilled = usePrefilledFields({ register, formState });
  const role = useWatch({ control, name: 'role' });
  const { formError, runSave } = useSaveOutcome(EDIT_FIELDS, setError, t('saveFailed'));

  const submit = async (values: StaffAccountEdit) => {
    await runSave(() => onSave(values));
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <p className="text-sm text-gray-700">{t('signsInAs', { username })}</p>
      <FormField id={`${id}-displayName`} label={t('displayName')} hint={t('displayNameHint')} error={describe(errors.displayName)}>
        {(props) => <Input autoComplete="off" {...props} {...prefilled.field('displayName')} />}
      </FormField>
      {isYou ? (
        <div className="space-y-1">
          <p className="text-sm font-medium text-ink">{t('access')}</p>
          <p className="text-sm text-gray-700">{t(ROLE_LABELS[initial.role].label)}</p>
          <p className="text-sm text-gray-600">{t('ownAccessFixed')}</p>
        </div>
      ) : (
        <RoleChoice id={id} error={describe(errors.role)} radio={(value) => prefilled.option('role', value, { onChange: clearTechnicianForAdmin(setValue) })} />
      )}
      {role === 'technician' ? (
        <TechnicianField
          id={id}
          technicians={technicians}
          currentId={initial.technicianId ?? null}
          error={describe(errors.technicianId)}
          registration={prefilled.field('technicianId', { setValueAs: toTechnicianId })}
        />
      ) : null}
      <StaffFormFooter formError={formError} onCancel={onCancel} busy={isSubmitting} submitLabel={t('save')} />
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
  const { formError, runSave } = useSaveOutcome(['password'], setError, t('saveFailed'));

  const submit = async (values: PasswordResetValues) => {
    await runSave(() => onSave(values));
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <PasswordField id={`${id}-password`} label={t('newPassword')} error={describe(errors.password)} registration={register('password')} />
      <StaffFormFooter formError={formError} onCancel={onCancel} busy={isSubmitting} submitLabel={submitLabel} />
    </form>
  );
}
