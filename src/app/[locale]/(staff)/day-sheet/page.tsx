import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { loadStopRecordForm } from '@/features/application-records/application-record.service';
import { getPublicBranchInfo } from '@/features/branch/branch.service';
import { DaySheet } from '@/features/routing/components/day-sheet';
import { isCalendarDate } from '@/features/routing/route.schema';
import { findDefaultRouteDate, listBranchTechnicians } from '@/features/routing/route.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';
import { can } from '@/features/staff-auth/capabilities';
import { findOwnLicenceNotice } from '@/features/technicians/technician.service';
import { formatLongDate } from '@/lib/format';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** The technician day sheet: technicians see their own route; admins choose a technician. */
export default async function DaySheetPage({ params, searchParams }: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const session = await requireStaff({ redirectTo: '/day-sheet', locale });
  const [t, query, technicians, branch] = await Promise.all([
    getTranslations({ locale, namespace: 'routing' }), searchParams, listBranchTechnicians(), getPublicBranchInfo(),
  ]);
  const asked = typeof query.date === 'string' && isCalendarDate(query.date) ? query.date : null;
  const initialDate = asked ?? (await findDefaultRouteDate());
  // The office sees every technician's day sheet; a technician their own.
  const isAdmin = can(session.role, 'officeWork');
  // What "Mark done" records (0042): the products, and the last one of each technician shown.
  // A technician's own licence, missing or expired (0107): said kindly, never a reason to stop the day (0102).
  const licence = !isAdmin && session.technicianId !== null ? await findOwnLicenceNotice(session.technicianId) : null;
  const recordForm = await loadStopRecordForm({
    technicianIds: isAdmin ? technicians.map((tech) => tech.id) : session.technicianId === null ? [] : [session.technicianId],
  });

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      {/* On paper the day sheet stands alone: no site header, footer or controls. */}
      <style media="print">{'body > header, body > footer { display: none !important; }'}</style>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('daySheetTitle')}</h1>
      <p className="mb-4 text-gray-600">{t('daySheetIntro')}</p>
      {licence ? (
        <p role="note" className="mb-4 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950 print:hidden">
          {licence.problem === 'expired'
            ? t('licenceNotice.licenceExpired', { date: formatLongDate(licence.expiresOn ?? '', locale, { weekday: false }) })
            : t('licenceNotice.licenceMissing')}
        </p>
      ) : null}
      {!isAdmin && session.technicianId === null ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4">{t('noTechnicianLinked')}</p>
      ) : (
        <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['routing', 'applicationRecords', 'serviceAreaAdmin'])}>
          <DaySheet
            initialDate={initialDate}
            technicians={technicians
              // Admins can still open a deactivated technician's remaining routes; they come last.
              .filter((tech) => tech.isActive || isAdmin || tech.id === session.technicianId)
              .sort((a, b) => Number(b.isActive) - Number(a.isActive))
              .map((tech) => ({ id: tech.id, name: tech.isActive ? tech.name : t('technicianInactiveOption', { name: tech.name }) }))}
            fixedTechnicianId={isAdmin ? null : session.technicianId}
            canOptimize={isAdmin}
            officePhone={branch.phone}
            recordForm={recordForm}
            staffUserId={session.staffUserId}
          />
        </NextIntlClientProvider>
      )}
    </div>
  );
}
