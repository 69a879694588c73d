'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ConfirmDialog, FormDialog, RecordActionButton } from '@/components/ui/record-dialogs';
import { formatClock } from '@/features/routing/components/route-format';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { formatLongDate } from '@/lib/format';
import type { TechnicianInput } from '../technician.schema';
import type { TechnicianChangeResult, TechniciansOverview, TechnicianView } from '../technician.service';
import type { SaveOutcome } from '@/components/ui/form-outcome';
import { TechnicianForm } from './technician-form';

/** Colours that keep white stop numbers readable; a new technician gets the first one nobody uses. */
const PALETTE = ['#2563eb', '#dc2626', '#16a34a', '#7c3aed', '#c2410c', '#0f766e', '#be185d', '#4d7c0f'];

type Notice = { text: string; datesIntro: string | null; dates: string[] };

/**
 * The office's technicians: who "Optimize Route" plans for. Add, edit, deactivate and reactivate
 * (nobody is deleted: past routes and appointments name them). A change never re-plans a day by
 * itself; the notice names the planned days to optimise again, with links to the route manager.
 */
export function TechniciansManager({ initial, routesHref }: { initial: TechniciansOverview; routesHref: string }) {
  const t = useTranslations('technicians');
  const locale = useLocale();
  const [overview, setOverview] = useState(initial);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<TechnicianView | null>(null);
  const [confirming, setConfirming] = useState<TechnicianView | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const clock = (time: string) => formatClock(time, locale) ?? time;
  const hasActive = overview.technicians.some((tech) => tech.isActive);
  const nextColor = PALETTE.find((color) => !overview.technicians.some((tech) => tech.color === color)) ?? PALETTE[0]!;
  const blank = { name: '', color: nextColor, shiftStart: overview.workingHours.start, shiftEnd: overview.workingHours.end, licenceNumber: '' };

  const reload = async () => {
    const { ok, body } = await callStaffApi<TechniciansOverview>('/api/admin/technicians');
    if (ok && body?.technicians) setOverview({ technicians: body.technicians, workingHours: body.workingHours });
  };

  /** Shows what a change means for the plans already stored, then refreshes the list from the server. */
  const applied = async (result: TechnicianChangeResult) => {
    const name = result.technician.name;
    setNotice({
      text: t(result.kind, { name }),
      datesIntro: result.replanDates.length === 0 ? null : result.kind === 'deactivated' ? t('replanDaysDeactivated', { name }) : t('replanDays'),
      dates: result.replanDates,
    });
    setActionError(null);
    await reload();
  };

  const save = async (path: string, method: 'POST' | 'PATCH', values: unknown): Promise<SaveOutcome> => {
    const { ok, body } = await callStaffApi<TechnicianChangeResult>(path, { method, body: values });
    if (ok && body?.technician) {
      await applied(body);
      return { ok: true };
    }
    return { ok: false, message: body?.message ?? null, fields: body?.fields };
  };

  const setActive = async (tech: TechnicianView, isActive: boolean) => {
    setBusyId(tech.id);
    const outcome = await save(`/api/admin/technicians/${tech.id}`, 'PATCH', { isActive });
    setBusyId(null);
    if (!outcome.ok) setActionError(outcome.message ?? t('saveFailed'));
  };

  const dateLinks = (dates: string[]) => (
    <ul className="mt-1 list-disc pl-5">
      {dates.map((date) => (
        <li key={date}>
          <a className="inline-flex min-h-6 items-center font-medium text-brand-800 underline underline-offset-4" href={`${routesHref}?date=${date}`}>{formatLongDate(date, locale)}</a>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <section aria-labelledby="technicians-list-title" className="space-y-4">
        <h2 id="technicians-list-title" className="text-xl font-semibold">{t('listTitle')}</h2>
        <div role="status" aria-live="polite">
          {notice ? (
            <div className="rounded-lg border border-leaf-700/30 bg-green-50 p-4 text-sm text-gray-900">
              <p className="font-medium">{notice.text}</p>
              {notice.datesIntro ? <><p className="mt-2">{notice.datesIntro}</p>{dateLinks(notice.dates)}</> : null}
            </div>
          ) : null}
        </div>
        {actionError ? <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800">{actionError}</p> : null}
        {!hasActive ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">{t(overview.technicians.length === 0 ? 'empty' : 'noneActive')}</p>
        ) : null}
        <ul className="space-y-3" aria-labelledby="technicians-list-title">
          {overview.technicians.map((tech) => (
            <li key={tech.id} className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="technician-row">
              <div className="min-w-0 space-y-1">
                <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                  <span className="inline-block h-4 w-4 shrink-0 rounded-full" style={{ backgroundColor: tech.color }} aria-hidden="true" />
                  <span className="break-words">{tech.name}</span>
                  <Badge variant={tech.isActive ? 'default' : 'secondary'}>{t(tech.isActive ? 'active' : 'inactive')}</Badge>
                </h3>
                <p className="text-sm text-gray-700">{t('shiftLine', { start: clock(tech.shiftStart), end: clock(tech.shiftEnd) })}</p>
                <p className="text-sm text-gray-700">{tech.licenceNumber ? t('licenceLine', { number: tech.licenceNumber }) : t('noLicence')}</p>
                {tech.upcomingRouteDates.length > 0 ? (
                  <p className="text-sm text-gray-700">{t('plannedDaysLine', { dates: tech.upcomingRouteDates.map((date) => formatLongDate(date, locale)).join(' · ') })}</p>
                ) : null}
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <RecordActionButton label={t('edit')} recordName={tech.name} onClick={() => setEditing(tech)} />
                {tech.isActive ? (
                  <RecordActionButton label={t('deactivate')} recordName={tech.name} disabled={busyId === tech.id} onClick={() => setConfirming(tech)} />
                ) : (
                  <RecordActionButton label={t('reactivate')} recordName={tech.name} primary disabled={busyId === tech.id} onClick={() => void setActive(tech, true)} />
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <Card>
        <CardHeader>
          <h2 id="technician-add-title" className="text-xl font-semibold leading-tight">{t('addTitle')}</h2>
          <p className="text-sm text-gray-600">{t('addIntro')}</p>
        </CardHeader>
        <CardContent>
          <TechnicianForm
            key={nextColor}
            workingHours={overview.workingHours}
            initial={blank}
            submitLabel={t('add')}
            resetOnSuccess
            labelledBy="technician-add-title"
            onSave={(values: TechnicianInput) => save('/api/admin/technicians', 'POST', values)}
          />
        </CardContent>
      </Card>

      <FormDialog open={editing !== null} onClose={() => setEditing(null)} title={t('editTitle', { name: editing?.name ?? '' })} description={t('editDescription')} closeLabel={t('close')}>
        {editing ? (
          <TechnicianForm
            workingHours={overview.workingHours}
            initial={{ name: editing.name, color: editing.color, shiftStart: editing.shiftStart, shiftEnd: editing.shiftEnd, licenceNumber: editing.licenceNumber ?? '' }}
            submitLabel={t('save')}
            onCancel={() => setEditing(null)}
            onSave={async (values: TechnicianInput) => {
              const outcome = await save(`/api/admin/technicians/${editing.id}`, 'PATCH', values);
              if (outcome.ok) setEditing(null);
              return outcome;
            }}
          />
        ) : null}
      </FormDialog>

      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('deactivateTitle', { name: confirming?.name ?? '' })}
        cancelLabel={t('cancel')}
        confirmLabel={t('deactivateConfirm')}
        onConfirm={() => { if (confirming) void setActive(confirming, false); }}
      >
        <p>{t('deactivateBody', { name: confirming?.name ?? '' })}</p>
        {confirming && confirming.upcomingRouteDates.length > 0 ? (
          <div>
            <p>{t('deactivateRoutes', { name: confirming.name })}</p>
            <ul className="mt-1 list-disc pl-5">
              {confirming.upcomingRouteDates.map((date) => <li key={date}>{formatLongDate(date, locale)}</li>)}
            </ul>
          </div>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
