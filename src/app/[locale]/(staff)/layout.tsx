import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { countOpenRetreatmentRequests } from '@/features/retreatments/retreatment.service';
import { StaffShell } from '@/features/staff-auth/components/staff-shell';
import { getStaffSession } from '@/features/staff-auth/require-staff';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';
import { can } from '@/features/staff-auth/capabilities';

/**
 * The staff screens' frame: the company's name, who is signed in, the links their role may use,
 * the language menu and Logout. Not the public site's header and footer: no "Schedule Now" or
 * marketing links between an office worker and the next screen. For an admin, the links carry what
 * waits on their screen (open re-treatment requests, 0051).
 */
export default async function StaffLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const session = await getStaffSession();
  // What waits for the office, as badges in the staff bar (0051): the office only, one indexed count per page.
  const counts = can(session?.role, 'officeWork') ? { retreatments: await countOpenRetreatmentRequests() } : {};

  return (
    <>
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['staffAuth'])}>
        <StaffShell locale={locale} session={session} counts={counts} />
      </NextIntlClientProvider>
      <main id="main" className="flex-1">{children}</main>
    </>
  );
}
