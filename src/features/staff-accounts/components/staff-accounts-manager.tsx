'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { closeOnSuccess, type SaveOutcome, toRefusal } from '@/components/ui/form-outcome';
import { ConfirmDialog, FormDialog, RecordActionButton } from '@/components/ui/record-dialogs';
import { ActiveToggleButton, AddRecordCard, RecordListSection, RecordRow } from '@/components/ui/record-list';
import { useRecordChanges } from '@/components/ui/use-record-changes';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { formatShortDateTime } from '@/lib/format';
import { ROLE_LABELS } from '../staff-account.schema';
import type { StaffAccountChangeResult, StaffAccountsOverview, StaffAccountView } from '../staff-account.service';
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
  const { records: overview, notice, actionError, busyId, applyChange, runRowAction } = useRecordChanges({
    initial,
    reload: async () => {
      const { ok, body } = await callStaffApi<StaffAccountsOverview>(API);
      return ok && body?.accounts ? { accounts: body.accounts, technicians: body.technicians } : null;
    },
    failedMessage: t('saveFailed'),
  });
  const [editing, setEditing] = useState<StaffAccountView | null>(null);
  const [settingPassword, setSettingPassword] = useState<StaffAccountView | null>(null);
  const [confirming, setConfirming] = useState<StaffAccountView | null>(null);

  const describeResult = ({ account, kind }: StaffAccountChangeResult) => {
    const name = account.displayName;
    if (kind === 'created') return t('created', { name, username: account.username });
    if (kind === 'passwordReset') return account.isYou ? t('passwordResetSelf') : t('passwordReset', { name });
    return t(kind, { name });
  };

  const save = async (path: string, method: 'POST' | 'PATCH', values: unknown): Promise<SaveOutcome> => {
    const { ok, body } = await callStaffApi<StaffAccountChangeResult>(path, { method, body: values });
    if (!ok || !body?.account) return toRefusal(body);
    await applyChange(describeResult(body));
    return { ok: true };
  };

  const setActive = (account: StaffAccountView, isActive: boolean) => runRowAction(account.id, () => save(`${API}/${account.id}`, 'PATCH', { isActive }));

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <RecordListSection titleId="staff-accounts-list-title" title={t('listTitle')} notice={notice} error={actionError}>
        {overview.accounts.map((account) => {
          const lastSignIn = formatShortDateTime(account.lastLoginAt, locale);
          const technicianMissing = account.role === 'technician' && account.technician === null;
          const technicianInactive = account.role === 'technician' && account.technician !== null && !account.technician.isActive;
          return (
            <RecordRow
              key={account.id}
              testId="staff-account-row"
              name={account.displayName}
              isActive={account.isActive}
              stateLabel={t(account.isActive ? 'active' : 'inactive')}
              tags={account.isYou ? <Badge variant="outline">{t('you')}</Badge> : null}
              alignTop
              actions={(
                <>
                  <RecordActionButton label={t('edit')} recordName={account.displayName} onClick={() => setEditing(account)} />
                  <RecordActionButton label={t('setPassword')} recordName={account.displayName} onClick={() => setSettingPassword(account)} />
                  {account.isYou ? null : (
                    <ActiveToggleButton
                      isActive={account.isActive}
                      recordName={account.displayName}
                      deactivateLabel={t('deactivate')}
                      reactivateLabel={t('reactivate')}
                      busy={busyId === account.id}
                      onDeactivate={() => setConfirming(account)}
                      onReactivate={() => void setActive(account, true)}
                    />
                  )}
                </>
              )}
            >
              <p className="text-sm text-gray-700">{t('usernameLine', { username: account.username })}</p>
              <p className="text-sm text-gray-700">{t(ROLE_LABELS[account.role].label)}</p>
              {account.role === 'technician' && account.technician ? (
                <p className="text-sm text-gray-700">{t('technicianLine', { name: account.technician.name })}</p>
              ) : null}
              {technicianInactive || technicianMissing ? (
                <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
                  {technicianMissing ? t('noTechnicianWarning') : t('technicianInactiveWarning', { name: account.technician!.name })}
                </p>
              ) : null}
              <p className="text-sm text-gray-700">{lastSignIn ? t('lastSignIn', { when: lastSignIn }) : t('neverSignedIn')}</p>
            </RecordRow>
          );
        })}
      </RecordListSection>

      <AddRecordCard titleId="staff-account-add-title" title={t('addTitle')} intro={t('addIntro')}>
        <StaffAccountCreateForm technicians={overview.technicians} labelledBy="staff-account-add-title" onSave={(values) => save(API, 'POST', values)} />
      </AddRecordCard>

      <FormDialog open={editing !== null} onClose={() => setEditing(null)} title={t('editTitle', { name: editing?.displayName ?? '' })} description={t('editDescription')} closeLabel={t('close')}>
        {editing ? (
          <StaffAccountEditForm
            technicians={overview.technicians}
            initial={{ displayName: editing.displayName, role: editing.role, technicianId: editing.technician?.id ?? null }}
            username={editing.username}
            isYou={editing.isYou}
            onCancel={() => setEditing(null)}
            onSave={(values) => closeOnSuccess(save(`${API}/${editing.id}`, 'PATCH', values), () => setEditing(null))}
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
            onSave={(values) => closeOnSuccess(save(`${API}/${settingPassword.id}`, 'PATCH', values), () => setSettingPassword(null))}
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
