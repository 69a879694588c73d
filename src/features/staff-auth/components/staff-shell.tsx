import { UserRound } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { LanguageMenu } from '@/components/site/language-menu';
import { languageNames } from '@/components/site/language-names';
import { localePath } from '@/components/site/locale-paths';
import type { Locale } from '@/i18n/routing';
import { can } from '../capabilities';
import { findOfficePage } from '../office-pages';
import type { StaffSession } from '../session.service';
import { LogoutButton } from './logout-button';
import { StaffNav, type StaffNavLink } from './staff-nav';

/**
 * What waits for the office, counted by the staff layout for an admin (0051): shown as a badge on
 * the screen's link when there is any. The layout (app) reads them; this feature only draws them.
 */
export type StaffLinkCounts = { retreatments?: number };

/**
 * The office's screens in the staff bar, in their order; each shows only to the roles its page opens
 * for (`findOfficePage`, 0082): an admin sees them all, the office all but the owner's.
 */
const OFFICE_LINKS: readonly (readonly [path: string, key: string])[] = [
  ['/admin', 'dashboard'],
  ['/routes', 'routes'],
  ['/day-sheet', 'daySheets'],
  ['/retreatments', 'retreatments'],
  ['/technicians', 'technicians'],
  ['/products', 'products'],
  ['/business', 'business'],
  ['/staff-accounts', 'staffAccounts'],
  ['/quotes-admin', 'quotes'],
  // The do-not-email list (0074), next to the quotes whose follow-ups it stops.
  ['/unsubscribed', 'unsubscribed'],
  ['/email-preview', 'emailPreview'],
];

/** The links a role may follow: the office's screens its role opens, a technician their day sheet. */
export function staffLinks(
  locale: Locale,
  role: StaffSession['role'] | null,
  label: (key: string) => string,
  badge: (key: string) => StaffNavLink['badge'] = () => undefined,
): StaffNavLink[] {
  const link = (path: string, key: string): StaffNavLink => {
    const shown = badge(key);
    return { href: localePath(locale, path), label: label(key), ...(shown ? { badge: shown } : {}) };
  };
  if (role === 'technician') return [link('/day-sheet', 'daySheet')];
  // The dashboard and every day sheet are office work; the rest need what their page needs.
  return OFFICE_LINKS
    .filter(([path]) => can(role, findOfficePage(path)?.capability ?? 'officeWork'))
    .map(([path, key]) => link(path, key));
}

export async function StaffShell({ locale, session, counts = {} }: { locale: Locale; session: StaffSession | null; counts?: StaffLinkCounts }) {
  const [t, tAuth, tSite, tAccount] = await Promise.all([
    getTranslations({ locale, namespace: 'staffShell' }),
    getTranslations({ locale, namespace: 'staffAuth' }),
    getTranslations({ locale, namespace: 'site' }),
    getTranslations({ locale, namespace: 'account' }),
  ]);
  const links = staffLinks(
    locale,
    session?.role ?? null,
    (key) => (key === 'dashboard' ? t('dashboard') : tAuth(`links.${key}`)),
    (key) => {
      const count = key === 'retreatments' ? counts.retreatments ?? 0 : 0;
      return count > 0 ? { count, label: tAuth('linkBadges.retreatments', { count }) } : undefined;
    },
  );

  return (
    <header className="border-b border-gray-200 bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {tSite('skipToContent')}
      </a>
      <div className="bg-ink text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
          <div className="flex flex-wrap items-baseline gap-x-3">
            <a href={localePath(locale, '/admin')} className="font-bold tracking-tight">{tSite('brand')}</a>
            <span className="text-sm text-gray-300">{t('staffArea')}</span>
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            {session ? <span className="hidden text-sm text-gray-300 md:inline">{tAuth('signedInAs', { name: session.displayName })}</span> : null}
            {session ? (
              // Every role's own account and password (0037); icon only on phones, like Logout.
              <a href={localePath(locale, '/account')} className="inline-flex min-h-6 items-center gap-1 rounded p-1 text-sm underline-offset-2 hover:underline">
                <UserRound aria-hidden className="h-4 w-4" />
                <span className="max-sm:sr-only">{tAccount('shellLink')}</span>
              </a>
            ) : null}
            <a href={localePath(locale, '/')} className="text-sm underline-offset-2 hover:underline">{t('publicSite')}</a>
            <LanguageMenu label={tSite('languageCurrent')} names={languageNames(tSite)} locale={locale} />
            {session ? <LogoutButton afterHref={localePath(locale, '/admin')} staffUserId={session.staffUserId} /> : null}
          </div>
        </div>
      </div>
      {links.length > 0 ? (
        <div className="mx-auto max-w-7xl px-2 py-1.5 sm:px-4 sm:py-2">
          <StaffNav label={t('nav')} links={links} />
        </div>
      ) : null}
    </header>
  );
}
