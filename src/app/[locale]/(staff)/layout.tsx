import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { StaffShell } from '@/features/staff-auth/components/staff-shell';
import { getStaffSession } from '@/features/staff-auth/require-staff';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';

/**
 * The staff screens' frame: the company's name, who is signed in, the links their role may use,
 * the language menu and Logout. Not the public site's header and footer: no "Schedule Now" or
 * marketing links between an office worker and the next screen.
 */
export default async function StaffLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const session = await getStaffSession();

  return (
    <>
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['staffAuth'])}>
        <StaffShell locale={locale} session={session} />
      </NextIntlClientProvider>
      <main id="main" className="flex-1">{children}</main>
    </>
  );
}
