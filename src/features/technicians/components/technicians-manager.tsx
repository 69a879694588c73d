'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { closeOnSuccess, type SaveOutcome, toRefusal } from '@/components/ui/form-outcome';
import { ConfirmDialog, FormDialog, RecordActionButton } from '@/components/ui/record-dialogs';
import { ActiveToggleButton, AddRecordCard, RecordListSection, RecordRow } from '@/components/ui/record-list';
import { useRecordChanges } from '@/components/ui/use-record-changes';
import { formatClock } from '@/features/routing/components/route-format';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { formatLongDate } from '@/lib/format';
import { findLicenceGaps, type LicenceProblem } from '../licence-gaps';
import type { TechnicianInput } from '../technician.schema';
import type { TechnicianChangeResult, TechniciansOverview, TechnicianView } from '../technician.service';
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
  const { records: overview, notice, actionError, busyId, applyChange, runRowAction } = useRecordChanges<TechniciansOverview, Notice>({
    initial,
    reload: async () => {
      const { ok, body } = await callStaffApi<TechniciansOverview>('/api/admin/technicians');
      return ok && body?.technicians
        ? { technicians: body.technicians, workingHours: body.workingHours, productsActive: body.productsActive, licenceClock: body.licenceClock }
        : null;
    },
    failedMessage: t('saveFailed'),
  });
  const [editing, setEditing] = useState<TechnicianView | null>(null);
  const [confirming, setConfirming] = useState<TechnicianView | null>(null);

  const clock = (time: string) => formatClock(time, locale) ?? time;
  const hasActive = overview.technicians.some((tech) => tech.isActive);
  // Active crews whose application records would print no licence number, or one not valid for the season (0102, 0107).
  const gaps = findLicenceGaps(overview.technicians, overview.productsActive, overview.licenceClock);
  const problemOf = new Map(gaps.map(({ crew, problem }) => [crew.id, problem]));
  const date = (day: string) => formatLongDate(day, locale, { weekday: false });
  const seasonEnd = date(overview.licenceClock.seasonEnd);
  const summaries: Record<LicenceProblem, string> = { missing: 'licenceMissingSummary', expired: 'licenceExpiredSummary', expiresInSeason: 'licenceExpiringSummary' };
  const licenceWarning = (Object.keys(summaries) as LicenceProblem[]).flatMap((problem) => {
    const names = gaps.filter((gap) => gap.problem === problem).map(({ crew }) => crew.name);
    return names.length === 0 ? [] : [t(summaries[problem], { count: names.length, names: names.join(', '), end: seasonEnd })];
  }).join(' ') || null;
  const rowWarning = (tech: TechnicianView) => {
    const problem = problemOf.get(tech.id);
    if (problem === 'missing') return t('licenceMissingRow');
    if (problem === 'expired') return t('licenceExpiredRow', { date: date(tech.licenceExpiresOn ?? '') });
    if (problem === 'expiresInSeason') return t('licenceExpiringRow', { date: date(tech.licenceExpiresOn ?? ''), end: seasonEnd });
    return null;
  };
  const licenceLine = (tech: TechnicianView) => {
    if (!tech.licenceNumber) return t('noLicence');
    return tech.licenceExpiresOn ? t('licenceLineExpires', { number: tech.licenceNumber, date: date(tech.licenceExpiresOn) }) : t('licenceLine', { number: tech.licenceNumber });
  };
  const nextColor = PALETTE.find((color) => !overview.technicians.some((tech) => tech.color === color)) ?? PALETTE[0]!;
  const blank = { name: '', color: nextColor, shiftStart: overview.workingHours.start, shiftEnd: overview.workingHours.end, licenceNumber: '', licenceExpiresOn: '' };

  /** Shows what a change means for the plans already stored, then refreshes the list from the server. */
  const save = async (path: string, method: 'POST' | 'PATCH', values: unknown): Promise<SaveOutcome> => {
    const { ok, body } = await callStaffApi<TechnicianChangeResult>(path, { method, body: values });
    if (!ok || !body?.technician) return toRefusal(body);
    const name = body.technician.name;
    await applyChange({
      text: t(body.kind, { name }),
      datesIntro: body.replanDates.length === 0 ? null : body.kind === 'deactivated' ? t('replanDaysDeactivated', { name }) : t('replanDays'),
      dates: body.replanDates,
    });
    return { ok: true };
  };

  const setActive = (tech: TechnicianView, isActive: boolean) => runRowAction(tech.id, () => save(`/api/admin/technicians/${tech.id}`, 'PATCH', { isActive }));

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
      <RecordListSection
        titleId="technicians-list-title"
        title={t('listTitle')}
        notice={notice?.text ?? null}
        noticeDetails={notice?.datesIntro ? <><p className="mt-2">{notice.datesIntro}</p>{dateLinks(notice.dates)}</> : null}
        error={actionError}
        warning={hasActive ? licenceWarning : t(overview.technicians.length === 0 ? 'empty' : 'noneActive')}
      >
        {overview.technicians.map((tech) => (
          <RecordRow
            key={tech.id}
            testId="technician-row"
            name={tech.name}
            isActive={tech.isActive}
            stateLabel={t(tech.isActive ? 'active' : 'inactive')}
            marker={<span className="inline-block h-4 w-4 shrink-0 rounded-full" style={{ backgroundColor: tech.color }} aria-hidden="true" />}
            actions={(
              <>
                <RecordActionButton label={t('edit')} recordName={tech.name} onClick={() => setEditing(tech)} />
                <ActiveToggleButton
                  isActive={tech.isActive}
                  recordName={tech.name}
                  deactivateLabel={t('deactivate')}
                  reactivateLabel={t('reactivate')}
                  busy={busyId === tech.id}
                  onDeactivate={() => setConfirming(tech)}
                  onReactivate={() => void setActive(tech, true)}
                />
              </>
            )}
          >
            <p className="text-sm text-gray-700">{t('shiftLine', { start: clock(tech.shiftStart), end: clock(tech.shiftEnd) })}</p>
            <p className="text-sm text-gray-700">{licenceLine(tech)}</p>
            {rowWarning(tech) ? <p className="text-sm font-medium text-amber-900">{rowWarning(tech)}</p> : null}
            {tech.upcomingRouteDates.length > 0 ? (
              <p className="text-sm text-gray-700">{t('plannedDaysLine', { dates: tech.upcomingRouteDates.map((date) => formatLongDate(date, locale)).join(' · ') })}</p>
            ) : null}
          </RecordRow>
        ))}
      </RecordListSection>

      <AddRecordCard titleId="technician-add-title" title={t('addTitle')} intro={t('addIntro')}>
        <TechnicianForm
          key={nextColor}
          workingHours={overview.workingHours}
          initial={blank}
          submitLabel={t('add')}
          resetOnSuccess
          labelledBy="technician-add-title"
          onSave={(values: TechnicianInput) => save('/api/admin/technicians', 'POST', values)}
        />
      </AddRecordCard>

      <FormDialog open={editing !== null} onClose={() => setEditing(null)} title={t('editTitle', { name: editing?.name ?? '' })} description={t('editDescription')} closeLabel={t('close')}>
        {editing ? (
          <TechnicianForm
            workingHours={overview.workingHours}
            initial={{ name: editing.name, color: editing.color, shiftStart: editing.shiftStart, shiftEnd: editing.shiftEnd, licenceNumber: editing.licenceNumber ?? '',
              licenceExpiresOn: editing.licenceExpiresOn ?? '' }}
            submitLabel={t('save')}
            onCancel={() => setEditing(null)}
            onSave={(values: TechnicianInput) => closeOnSuccess(save(`/api/admin/technicians/${editing.id}`, 'PATCH', values), () => setEditing(null))}
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
