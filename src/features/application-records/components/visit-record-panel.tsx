'use client';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { FormDialog, RecordActionButton } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { formatLabelled } from '@/features/email/email-layout';
import { formatShortDate, formatShortDateTime } from '@/lib/format';
import { checkLineDrafts, createLine, findFirstErrorId, linesFromRecord, toLinePayload } from '../application-form';
import { VISIT_RECORD_NOTE_MAX } from '../application-record.schema';
import type { TechnicianChoice, VisitRecordView } from '../application-record.service';
import { describeAppliedProduct, isTreatmentVisit } from '../application-rules';
import { ApplicationLinesFields, type ProductChoice, useLineDrafts } from './application-lines-fields';

const SELECT_CLASS = 'flex h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-base text-ink aria-invalid:border-red-600';

/**
 * Beside a done visit on the customer's page (docs/decisions/0042): the note to the customer, the
 * products applied with their PCP numbers and amounts, who applied them under which licence, and
 * the office's last edit; "Edit record" lets the office rewrite the note and the record.
 */
export function VisitRecordPanel({ visit, initial, products, technicians, branchHasActiveProducts }: {
  visit: { id: number; date: string; serviceType: string };
  initial: VisitRecordView;
  products: ProductChoice[];
  technicians: TechnicianChoice[];
  branchHasActiveProducts: boolean;
}) {
  const t = useTranslations('applicationRecords');
  const locale = useLocale();
  const [record, setRecord] = useState(initial);
  const [editing, setEditing] = useState(false);
  const date = formatShortDate(visit.date, locale) ?? visit.date;
  const editedAt = record.editedAt ? formatShortDateTime(record.editedAt, locale) ?? record.editedAt : null;
  const treatment = isTreatmentVisit(visit.serviceType);

  const technicianLine = record.technician && record.lines.length > 0
    ? (record.technician.licenceNumber
      ? t('visitRecord.appliedBy', { name: record.technician.name, licence: record.technician.licenceNumber })
      : t('visitRecord.appliedByNoLicence', { name: record.technician.name }))
    : null;

  return (
    // The dashboard's list of records without a licence links here by this id (0107).
    <div id={`visit-record-${visit.id}`} className="w-full scroll-mt-24 space-y-2 rounded-md bg-gray-50 p-3 text-gray-800" data-testid="visit-record">
      <p className="whitespace-pre-line">
        <span className="font-medium">{formatLabelled(locale, t('visitRecord.note'))}</span>{' '}
        {record.note ?? <span className="text-gray-600">{t('visitRecord.noNote')}</span>}
      </p>
      {treatment ? (
        <div>
          <p className="font-medium">{t('visitRecord.products')}</p>
          {record.lines.length > 0 ? (
            <ul className="list-disc pl-5">
              {record.lines.map((line) => (
                <li key={line.productId}>
                  {describeAppliedProduct(line, locale, (key, values) => t(key, values))}
                </li>
              ))}
            </ul>
          ) : (
            <p className={branchHasActiveProducts ? 'text-amber-900' : 'text-gray-600'}>{t(branchHasActiveProducts ? 'visitRecord.missingRecord' : 'visitRecord.noRecord')}</p>
          )}
          {technicianLine ? <p>{technicianLine}</p> : null}
        </div>
      ) : null}
      {editedAt ? (
        <p className="text-xs text-gray-600">
          {record.editedBy ? t('visitRecord.edited', { name: record.editedBy, date: editedAt }) : t('visitRecord.editedUnknown', { date: editedAt })}
        </p>
      ) : null}
      <RecordActionButton label={t('visitRecord.edit')} recordName={date} onClick={() => setEditing(true)} />
      <FormDialog
        open={editing}
        onClose={() => setEditing(false)}
        title={t('visitRecord.dialogTitle', { date })}
        description={t('visitRecord.dialogDescription')}
        closeLabel={t('visitRecord.cancel')}
      >
        {editing ? (
          <VisitRecordForm
            appointmentId={visit.id}
            record={record}
            recordsProducts={treatment && (branchHasActiveProducts || record.lines.length > 0)}
            products={products}
            technicians={technicians}
            onCancel={() => setEditing(false)}
            onSaved={(saved) => {
              setRecord(saved);
              setEditing(false);
              toast({ title: t('visitRecord.savedTitle'), description: t('visitRecord.savedBody', { date }) });
            }}
          />
        ) : null}
      </FormDialog>
    </div>
  );
}

function VisitRecordForm({ appointmentId, record, recordsProducts, products, technicians, onCancel, onSaved }: {
  appointmentId: number;
  record: VisitRecordView;
  /** The record's lines are shown (a treatment, while products exist or the record has some). */
  recordsProducts: boolean;
  products: ProductChoice[];
  technicians: TechnicianChoice[];
  onCancel: () => void;
  onSaved: (record: VisitRecordView) => void;
}) {
  const t = useTranslations('applicationRecords');
  const tAll = useTranslations();
  const id = useId();
  const [note, setNote] = useState(record.note ?? '');
  const [technicianId, setTechnicianId] = useState(record.technician?.id == null ? '' : String(record.technician.id));
  const { lines, changeLines, errors, setErrors } = useLineDrafts(() => (record.lines.length > 0 ? linesFromRecord(record.lines) : recordsProducts ? [createLine()] : []));
  const [saving, setSaving] = useState(false);
  // Products on this record stay choosable even after they were retired.
  const choices = products.filter((p) => p.isActive !== false || record.lines.some((line) => line.productId === p.id));
  const technicianError = errors.technicianId;

  const showErrors = (next: Record<string, string>) => {
    setErrors(next);
    const first = findFirstErrorId(id, next, lines.length, [['technicianId', `${id}-technician`], ['note', `${id}-note`]]);
    if (first) document.getElementById(first)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const problems = Object.fromEntries(Object.entries(checkLineDrafts(lines)).map(([field, key]) => [field, tAll(key)]));
    if (lines.length > 0 && technicianId === '') problems.technicianId = t('technicianRequired');
    if (Object.keys(problems).length > 0) return showErrors(problems);
    setErrors({});
    setSaving(true);
    const answer = await callStaffApi<VisitRecordView>(`/api/admin/appointments/${appointmentId}/visit-record`, {
      method: 'PUT',
      body: { note: note.trim(), technicianId: technicianId === '' ? null : Number(technicianId), applications: toLinePayload(lines) },
    });
    setSaving(false);
    if (answer.ok && answer.body?.appointmentId) return onSaved(answer.body);
    const fields = answer.body?.fields;
    const message = (fields ? Object.values(fields)[0] : undefined) ?? answer.body?.message ?? t('visitRecord.saveFailed');
    toast({ variant: 'destructive', title: t('visitRecord.notSavedTitle'), description: message });
    if (fields) showErrors(fields);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {record.reportSent ? <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{t('visitRecord.reportSent')}</p> : null}
      {recordsProducts ? (
        <>
          <ApplicationLinesFields idPrefix={id} lines={lines} onChange={changeLines} products={choices} errors={errors} />
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-technician`}>{t('visitRecord.technician')}</Label>
            <select
              id={`${id}-technician`}
              className={SELECT_CLASS}
              value={technicianId}
              aria-invalid={technicianError ? true : undefined}
              aria-describedby={technicianError ? `${id}-technician-error` : undefined}
              onChange={(event) => setTechnicianId(event.target.value)}
            >
              <option value="">{t('visitRecord.chooseTechnician')}</option>
              {technicians.map((tech) => (
                <option key={tech.id} value={tech.id}>{tech.isActive ? tech.name : t('visitRecord.inactiveTechnician', { name: tech.name })}</option>
              ))}
            </select>
            {technicianError ? <p id={`${id}-technician-error`} className="text-sm text-red-700">{technicianError}</p> : null}
          </div>
        </>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-note`}>{t('visitRecord.noteLabel')}</Label>
        <textarea
          id={`${id}-note`}
          rows={4}
          maxLength={VISIT_RECORD_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={[`${id}-count`, errors.note ? `${id}-note-error` : null].filter(Boolean).join(' ')}
          className="w-full rounded-md border border-gray-300 px-3 py-2 text-base"
        />
        <p id={`${id}-count`} className="text-right text-sm text-gray-600">{t('visitRecord.counter', { count: note.length, max: VISIT_RECORD_NOTE_MAX })}</p>
        {errors.note ? <p id={`${id}-note-error`} className="text-sm text-red-700">{errors.note}</p> : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} className="h-11 w-full sm:w-auto">{t('visitRecord.cancel')}</Button>
        <Button type="submit" disabled={saving} className="h-11 w-full sm:w-auto">{saving ? t('visitRecord.saving') : t('visitRecord.save')}</Button>
      </div>
    </form>
  );
}
