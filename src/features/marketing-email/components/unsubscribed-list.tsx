'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { closeOnSuccess, type SaveOutcome, toRefusal, useDescribeError, useSaveOutcome } from '@/components/ui/form-outcome';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FormDialog, RecordActionButton } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { DataTable } from '@/features/staff-dashboard/components/data-table';
import { FIELD_LIMITS } from '@/lib/field-limits';
import { formatShortDateTime } from '@/lib/format';
import {
  type OfficeConsent, type OfficeConsentInput, OfficeConsentSchema, type OfficeUnsubscribe, type OfficeUnsubscribeInput, OfficeUnsubscribeSchema,
} from '../marketing-email.schema';
import { UNSUBSCRIBE_NOTE_MAX } from '../unsubscribed-list';
import type { UnsubscribedEntryView, UnsubscribedListView } from '../unsubscribed-list.service';

const API = '/api/admin/unsubscribed-addresses';
const textareaClass = 'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-700';

/**
 * The office's list of unsubscribed addresses (docs/decisions/0074): record an unsubscribe a person
 * asked for, search the list (a plain GET form, `?q=`), read since when and how each address asked,
 * and take one off the list when the person gives consent again, saying how. The list is read on the
 * server; after each change the page is read again.
 */
export function UnsubscribedList({ list, search, listPath, customerPath }: {
  list: UnsubscribedListView;
  /** The search the page was opened with ('' for the whole list). */
  search: string;
  /** This page's address in the staff member's language, for the search form and "Show every address". */
  listPath: string;
  /** The customer page, to which `?id=` is added. */
  customerPath: string;
}) {
  const t = useTranslations('marketingEmail.list');
  const locale = useLocale();
  const id = useId();
  const [removing, setRemoving] = useState<UnsubscribedEntryView | null>(null);
  const when = (iso: string) => formatShortDateTime(iso, locale) ?? '';

  return (
    <div className="space-y-8">
      <RecordUnsubscribeForm />

      <section aria-labelledby={`${id}-list`} className="space-y-3">
        <h2 id={`${id}-list`} className="text-xl font-semibold">{t('listHeading')}</h2>
        <form method="get" action={listPath} role="search" className="flex flex-wrap items-end gap-2">
          <div className="w-full max-w-sm space-y-1.5">
            <Label htmlFor={`${id}-q`}>{t('searchLabel')}</Label>
            <Input id={`${id}-q`} name="q" type="search" defaultValue={search} autoComplete="off" maxLength={FIELD_LIMITS.email} />
          </div>
          <Button type="submit" variant="outline">{t('searchButton')}</Button>
          {search ? <a href={listPath} className="px-2 py-2 text-sm text-brand-800 underline">{t('showAll')}</a> : null}
        </form>
        <p role="status" className="text-sm text-gray-600">
          {search ? t('countMatching', { total: list.total, search }) : t('count', { total: list.total })}
          {list.entries.length < list.total ? ` ${t('newestShown', { shown: list.entries.length })}` : ''}
        </p>
        {list.entries.length === 0 ? (
          // No table to scroll sideways on a phone when there is nothing to list.
          <p className="rounded-lg border border-gray-200 p-3 text-sm text-gray-600">{search ? t('noMatches', { search }) : t('empty')}</p>
        ) : (
          <DataTable
            empty={t('empty')}
            head={[t('cols.address'), t('cols.since'), t('cols.how'), t('cols.actions')]}
            rows={list.entries.map((entry) => [
              <span key="a" className="block max-w-[16rem] break-words">
                {entry.address}
                {entry.customerId !== null ? (
                  <a className="mt-0.5 block text-xs text-brand-800 underline" href={`${customerPath}?id=${entry.customerId}`}>
                    {t('customer', { name: entry.customerName || entry.address })}
                  </a>
                ) : null}
              </span>,
              when(entry.unsubscribedAt),
              <span key="h" className="block max-w-xs break-words">
                {t(`how.${entry.source ?? 'unknown'}`)}
                {entry.source === 'office' ? <span className="block text-xs text-gray-700">{t('recordedBy', { name: entry.recordedByName ?? t('someone') })}</span> : null}
                {entry.note ? <span className="block whitespace-pre-line text-xs text-gray-700">{entry.note}</span> : null}
              </span>,
              <RecordActionButton key="r" label={t('remove.action')} recordName={entry.address} onClick={() => setRemoving(entry)} />,
            ])}
          />
        )}
      </section>

      <section aria-labelledby={`${id}-again`} className="space-y-3">
        <h2 id={`${id}-again`} className="text-xl font-semibold">{t('consentedAgain.heading')}</h2>
        {list.consentedAgain.length === 0 ? <p className="rounded-lg border border-gray-200 p-3 text-sm text-gray-600">{t('consentedAgain.empty')}</p> : (
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white text-sm">
            {list.consentedAgain.map((entry) => (
              <li key={entry.address} className="space-y-1 p-3">
                <p className="break-words font-medium">{entry.address}</p>
                <p>{t('consentedAgain.line', { unsubscribed: when(entry.unsubscribedAt), date: when(entry.consentAt), name: entry.consentByName ?? t('someone') })}</p>
                <p className="whitespace-pre-line break-words text-gray-700">{entry.consentNote}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConsentAgainDialog entry={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

const RECORD_FIELDS = ['email', 'note'] as const;

/** "Record an unsubscribe": an address and, optionally, how the person asked. */
function RecordUnsubscribeForm() {
  const t = useTranslations('marketingEmail.list');
  const router = useRouter();
  const id = useId();
  const { register, handleSubmit, formState, setError, reset } = useForm<OfficeUnsubscribeInput, unknown, OfficeUnsubscribe>({
    resolver: zodResolver(OfficeUnsubscribeSchema),
    defaultValues: { email: '', note: '' },
  });
  const describe = useDescribeError();
  const { formError, runSave } = useSaveOutcome(RECORD_FIELDS, setError, t('record.failed'));

  const submit = (values: OfficeUnsubscribe) => runSave(async (): Promise<SaveOutcome> => {
    const { ok, body } = await callStaffApi<{ address: string; withdrawn: number }>(API, { method: 'POST', body: values });
    if (!ok || !body?.address) return toRefusal(body);
    toast({ title: t('record.doneTitle'), description: t('record.doneBody', { address: body.address, withdrawn: body.withdrawn }) });
    reset({ email: '', note: '' });
    router.refresh();
    return { ok: true };
  });

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold">{t('record.title')}</h2>
      <p className="mt-1 max-w-3xl text-sm text-gray-600">{t('record.intro')}</p>
      <form method="post" noValidate onSubmit={handleSubmit(submit)} className="mt-4 grid max-w-3xl gap-4" aria-labelledby={`${id}-title`}>
        <FormField id={`${id}-email`} label={t('record.email')} error={describe(formState.errors.email)}>
          {(control) => <Input type="email" autoComplete="off" maxLength={FIELD_LIMITS.email} {...control} {...register('email')} />}
        </FormField>
        <FormField id={`${id}-note`} label={t('record.note')} hint={t('record.noteHint')} error={describe(formState.errors.note)}>
          {(control) => <textarea rows={2} maxLength={UNSUBSCRIBE_NOTE_MAX} className={textareaClass} {...control} {...register('note')} />}
        </FormField>
        <FormFooter formError={formError} busy={formState.isSubmitting} submitLabel={t('record.submit')} savingLabel={t('record.saving')} cancelLabel={t('cancel')} holdUntilHydrated />
      </form>
    </section>
  );
}

const CONSENT_FIELDS = ['note'] as const;

/** Takes one address off the list after the person gave consent again, with the office's record of how. */
function ConsentAgainDialog({ entry, onClose }: { entry: UnsubscribedEntryView | null; onClose: () => void }) {
  const t = useTranslations('marketingEmail.list');
  const router = useRouter();
  const id = useId();
  const { register, handleSubmit, formState, setError, reset } = useForm<OfficeConsentInput, unknown, OfficeConsent>({
    resolver: zodResolver(OfficeConsentSchema),
    values: { email: entry?.address ?? '', note: '' },
  });
  const describe = useDescribeError();
  const { formError, runSave } = useSaveOutcome(CONSENT_FIELDS, setError, t('remove.failed'));

  const close = () => {
    reset({ email: '', note: '' });
    onClose();
  };

  const save = async (values: OfficeConsent): Promise<SaveOutcome> => {
    const { ok, body } = await callStaffApi<{ address: string }>(`${API}/consent`, { method: 'POST', body: values });
    // Taken off meanwhile by a colleague, or not: the page shows the list as it is now.
    router.refresh();
    if (!ok || !body?.address) return toRefusal(body);
    toast({ title: t('remove.doneTitle'), description: t('remove.doneBody', { address: body.address }) });
    return { ok: true };
  };
  const submit = (values: OfficeConsent) => runSave(() => closeOnSuccess(save(values), close));

  const address = entry?.address ?? '';
  return (
    <FormDialog open={entry !== null} onClose={close} title={t('remove.title', { address })} description={t('remove.description')} closeLabel={t('close')}>
      <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
        <FormField id={`${id}-note`} label={t('remove.note')} hint={t('remove.noteHint')} error={describe(formState.errors.note) ?? describe(formState.errors.email)}>
          {(control) => <textarea rows={4} maxLength={UNSUBSCRIBE_NOTE_MAX} className={textareaClass} {...control} {...register('note')} />}
        </FormField>
        <FormFooter formError={formError} busy={formState.isSubmitting} submitLabel={t('remove.submit')} savingLabel={t('remove.saving')} cancelLabel={t('cancel')} onCancel={close} holdUntilHydrated />
      </form>
    </FormDialog>
  );
}
