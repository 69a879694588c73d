'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ConfirmDialog, FormDialog, RecordActionButton } from '@/components/ui/record-dialogs';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { formatShortDateTime } from '@/lib/format';
import type { StaffAccountChangeResult, StaffAccountsOverview, StaffAccountView } from '../staff-account.service';
import type { SaveOutcome } from '@/components/ui/form-outcome';
import { PasswordForm, StaffAccountCreateForm, StaffAccountEditForm } from './staff-account-forms';

const API = '/api/admin/staff-accounts';

/**
 * The owner's list of staff logins: add one, edit name, access and technician, set a new password,
 * deactivate and reactivate (nobody is deleted). The server enforces every rule; this screen only
 * leaves out what it would refuse anyway (deactivating yourself).
 */
export function StaffAccountsManager({ initial }: { initial: StaffAccountsOverview }) {
  const t = useTranslations('staffAccounts');
  const locale = useLocale();
  const [overview, setOverview] = useState(initial);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<StaffAccountView | null>(null);
  const [settingPassword, setSettingPassword] = useState<StaffAccountView | null>(null);
  const [confirming, setConfirming] = useState<StaffAccountView | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const reload = async () => {
    const { ok, body } = await callStaffApi<StaffAccountsOverview>(API);
    if (ok && body?.accounts) setOverview({ accounts: body.accounts, technicians: body.technicians });
  };

  const describeResult = ({ account, kind }: StaffAccountChangeResult) => {
    const name = account.displayName;
    if (kind === 'created') return t('created', { name, username: account.username });
    if (kind === 'passwordReset') return account.isYou ? t('passwordResetSelf') : t('passwordReset', { name });
    return t(kind, { name });
  };

  const save = async (path: string, method: 'POST' | 'PATCH', values: unknown): Promise<SaveOutcome> => {
    const { ok, body } = await callStaffApi<StaffAccountChangeResult>(path, { method, body: values });
    if (ok && body?.account) {
      setNotice(describeResult(body));
      setActionError(null);
      await reload();
      return { ok: true };
    }
    return { ok: false, message: body?.message ?? null, fields: body?.fields };
  };

  const setActive = async (account: StaffAccountView, isActive: boolean) => {
    setBusyId(account.id);
    const outcome = await save(`${API}/${account.id}`, 'PATCH', { isActive });
    setBusyId(null);
    if (!outcome.ok) setActionError(outcome.message ?? t('saveFailed'));
  };

  const closeAfter = (close: () => void) => (outcome: SaveOutcome) => {
    if (outcome.ok) close();
    return outcome;
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <section aria-labelledby="staff-accounts-list-title" className="space-y-4">
        <h2 id="staff-accounts-list-title" className="text-xl font-semibold">{t('listTitle')}</h2>
        <div role="status" aria-live="polite">
          {notice ? <p className="rounded-lg border border-leaf-700/30 bg-green-50 p-4 text-sm font-medium text-gray-900">{notice}</p> : null}
        </div>
        {actionError ? <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800">{actionError}</p> : null}
        <ul className="space-y-3" aria-labelledby="staff-accounts-list-title">
          {overview.accounts.map((account) => {
            const lastSignIn = formatShortDateTime(account.lastLoginAt, locale);
            const technicianMissing = account.role === 'technician' && account.technician === null;
            const technicianInactive = account.role === 'technician' && account.technician !== null && !account.technician.isActive;
            return (
              <li key={account.id} className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="staff-account-row">
                <div className="min-w-0 space-y-1">
                  <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                    <span className="break-words">{account.displayName}</span>
                    {account.isYou ? <Badge variant="outline">{t('you')}</Badge> : null}
                    <Badge variant={account.isActive ? 'default' : 'secondary'}>{t(account.isActive ? 'active' : 'inactive')}</Badge>
                  </h3>
                  <p className="text-sm text-gray-700">{t('usernameLine', { username: account.username })}</p>
                  <p className="text-sm text-gray-700">{t(account.role === 'admin' ? 'roleAdmin' : 'roleTechnician')}</p>
                  {account.role === 'technician' && account.technician ? (
                    <p className="text-sm text-gray-700">{t('technicianLine', { name: account.technician.name })}</p>
                  ) : null}
                  {technicianInactive || technicianMissing ? (
                    <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
                      {technicianMissing ? t('noTechnicianWarning') : t('technicianInactiveWarning', { name: account.technician!.name })}
                    </p>
                  ) : null}
                  <p className="text-sm text-gray-700">{lastSignIn ? t('lastSignIn', { when: lastSignIn }) : t('neverSignedIn')}</p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <RecordActionButton label={t('edit')} recordName={account.displayName} onClick={() => setEditing(account)} />
                  <RecordActionButton label={t('setPassword')} recordName={account.displayName} onClick={() => setSettingPassword(account)} />
                  {account.isYou ? null : account.isActive ? (
                    <RecordActionButton label={t('deactivate')} recordName={account.displayName} disabled={busyId === account.id} onClick={() => setConfirming(account)} />
                  ) : (
                    <RecordActionButton label={t('reactivate')} recordName={account.displayName} primary disabled={busyId === account.id} onClick={() => void setActive(account, true)} />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <Card>
        <CardHeader>
          <h2 id="staff-account-add-title" className="text-xl font-semibold leading-tight">{t('addTitle')}</h2>
          <p className="text-sm text-gray-600">{t('addIntro')}</p>
        </CardHeader>
        <CardContent>
          <StaffAccountCreateForm technicians={overview.technicians} labelledBy="staff-account-add-title" onSave={(values) => save(API, 'POST', values)} />
        </CardContent>
      </Card>

      <FormDialog open={editing !== null} onClose={() => setEditing(null)} title={t('editTitle', { name: editing?.displayName ?? '' })} description={t('editDescription')} closeLabel={t('close')}>
        {editing ? (
          <StaffAccountEditForm
            technicians={overview.technicians}
            initial={{ displayName: editing.displayName, role: editing.role, technicianId: editing.technician?.id ?? null }}
            username={editing.username}
            isYou={editing.isYou}
            onCancel={() => setEditing(null)}
            onSave={async (values) => closeAfter(() => setEditing(null))(await save(`${API}/${editing.id}`, 'PATCH', values))}
          />
        ) : null}
      </FormDialog>

      <FormDialog
        open={settingPassword !== null}
        onClose={() => setSettingPassword(null)}
        title={t('setPasswordTitle', { name: settingPassword?.displayName ?? '' })}
        description={settingPassword?.isYou ? t('setPasswordBodySelf') : t('setPasswordBody', { name: settingPassword?.displayName ?? '' })}
        closeLabel={t('close')}
      >
        {settingPassword ? (
          <PasswordForm
            username={settingPassword.username}
            submitLabel={t('setPasswordConfirm')}
            onCancel={() => setSettingPassword(null)}
            onSave={async (values) => closeAfter(() => setSettingPassword(null))(await save(`${API}/${settingPassword.id}`, 'PATCH', values))}
          />
        ) : null}
      </FormDialog>

      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('deactivateTitle', { name: confirming?.displayName ?? '' })}
        cancelLabel={t('cancel')}
        confirmLabel={t('deactivateConfirm')}
        onConfirm={() => { if (confirming) void setActive(confirming, false); }}
      >
        <p>{t('deactivateBody', { name: confirming?.displayName ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
