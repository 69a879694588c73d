import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { localePath } from '@/components/site/locale-paths';
import { loadOfficeCompletionForm } from '@/features/application-records/application-record.service';
import { loadMessageReplyFrame } from '@/features/contact/contact.service';
import { LoginForm } from '@/features/staff-auth/components/login-form';
import { findDefaultPaymentExportRange } from '@/features/exports/exports.service';
import { loadConsentWords } from '@/features/marketing-email/consent.service';
import { AdminDashboard } from '@/features/staff-dashboard/components/admin-dashboard';
import { type DashboardFilters, readCustomerFilterParam, readDashboardTab, readListRange } from '@/features/staff-dashboard/dashboard-filters';
import { listNothingBookedAhead, loadDashboard } from '@/features/staff-dashboard/dashboard.service';
import { can } from '@/features/staff-auth/capabilities';
import { findOfficePage } from '@/features/staff-auth/office-pages';
import { getStaffSession } from '@/features/staff-auth/require-staff';
import { LicenceGapsNotice } from '@/features/technicians/components/licence-gaps-notice';
import { loadLicenceCheck } from '@/features/technicians/technician.service';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';

export const metadata: Metadata = { robots: { index: false, follow: false } };

export default async function AdminPage({ params, searchParams }: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [session, t, query] = await Promise.all([getStaffSession(), getTranslations({ locale, namespace: 'staffAuth' }), searchParams]);
  const next = typeof query.next === 'string' ? query.next : null;
  // Someone sent here from a screen their role does not open is told whose screen it is: a
  // technician that it is the office's (0078), the office that it is the owner's (0082).
  const asked = findOfficePage(next);
  const refusedPage = session && asked && !can(session.role, asked.capability) ? asked.key : null;
  const listed = readListRange(query.from, query.to);
  const filters: DashboardFilters = {
    tab: readDashboardTab(query.tab),
    customers: readCustomerFilterParam(query.customers),
    // A range the address gets wrong lists every payment, as no range does; the form says why when it is tried.
    paymentsRange: listed.ok ? listed.range : null,
  };

  return (
    <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['staffAuth', 'errors', 'adminDashboard', 'contactForm', 'exports', 'receipts', 'marketingEmail', 'routing', 'applicationRecords', 'staffCustomers', 'staffBooking', 'serviceAreaAdmin', 'offlinePayments'])}>
      {session?.role === 'technician' ? (
        // Technicians see only their own day sheet; the dashboard holds every customer's data.
        <div className="mx-auto max-w-xl px-4 py-10">
          <h1 className="text-3xl font-bold">{t('technicianTitle')}</h1>
          {refusedPage ? (
            <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-gray-900">
              {t('technicianRefused', { page: t(`officePages.${refusedPage}`) })}
            </p>
          ) : null}
          <p className="mt-4 text-gray-700">{t('technicianBody')}</p>
          <a className={`${buttonVariants()} mt-6`} href={localePath(locale, '/day-sheet')}>{t('links.daySheet')}</a>
        </div>
      ) : session ? (
        <div className="mx-auto max-w-7xl px-4 py-10">
          {/* The staff shell above carries the links to the other screens, who is signed in and Logout. */}
          {/* SPEC's "Admin Dashboard" is the owner's; the office's login is not an admin (0082, 0086). */}
          <h1 className="text-3xl font-bold">{t(can(session.role, 'staffAccounts') ? 'dashboardTitle' : 'officeDashboardTitle')}</h1>
          {refusedPage ? (
            <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-gray-900">
              {t('officeRefused', { page: t(`officePages.${refusedPage}`) })}
            </p>
          ) : null}
          {/* Before the season: crews whose records would print no licence or one not valid for the season, and this
              season's records written without one, each opened at its "Edit record" (0102, 0107); the owner puts them right. */}
          {can(session.role, 'technicians') ? (
            <LicenceGapsNotice
              locale={locale}
              check={await loadLicenceCheck()}
              techniciansHref={localePath(locale, '/technicians')}
              customerHref={(customerId, appointmentId) => `${localePath(locale, '/customer-details')}?id=${customerId}#visit-record-${appointmentId}`}
            />
          ) : null}
          <div className="mt-8">
            <AdminDashboard
              initial={await loadDashboard({ paymentsRange: filters.paymentsRange })}
              // The tab and its filters from the address, so a reload or a link opens the same list (0101).
              filters={filters}
              nothingBookedAhead={filters.customers === 'nothing-booked-ahead' ? await listNothingBookedAhead() : null}
              customerDetailsPath={localePath(locale, '/customer-details')}
              paymentsExportRange={filters.paymentsRange ?? await findDefaultPaymentExportRange()}
              seasonOpenerPreviewPath={can(session.role, 'seasonOpener') ? localePath(locale, '/email-preview?email=season-opener') : null}
              // "Mark completed" asks for the application record as the day sheet does (0046).
              completion={await loadOfficeCompletionForm()}
              // The reply dialog previews the letter in the visitor's language (0063).
              replyFrame={await loadMessageReplyFrame()}
              // "New customer" shows the consent sentence in the email language chosen (0098).
              consentWords={await loadConsentWords()}
            />
          </div>
        </div>
      ) : (
        <div className="flex min-h-[70vh] items-center justify-center px-4 py-12">
          <Card className="w-full max-w-md">
            <CardHeader>
              <h1 className="text-xl font-semibold leading-tight">{t('title')}</h1>
              <p className="text-sm text-gray-600">{t('intro')}</p>
            </CardHeader>
            <CardContent>
              <LoginForm next={next} />
            </CardContent>
          </Card>
        </div>
      )}
    </NextIntlClientProvider>
  );
}
