import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { formatLongDate } from '@/lib/format';
import type { LicenceProblem } from '../licence-gaps';
import type { LicenceCheck } from '../technician.service';

/** Records listed by name on the dashboard; the rest are counted and come up as these are completed. */
const LISTED_RECORDS = 20;

const LINK_CLASS = 'inline-flex min-h-6 items-center font-medium underline underline-offset-4';

/**
 * The owner's dashboard, before the season (docs/decisions/0102, 0107): the active crews whose
 * application records would name no licence number, or a licence expired or running out before
 * the season ends, while products are active, with the way to the Technicians screen; and the
 * records of this season already written without a licence number, each a link to its visit on
 * the customer's page, where "Edit record" completes it. Nothing when all is in order.
 */
export async function LicenceGapsNotice({ locale, check, techniciansHref, customerHref }: {
  locale: Locale;
  check: LicenceCheck;
  techniciansHref: string;
  /** The customer's page for one customer, opened at one visit's record. */
  customerHref: (customerId: number, appointmentId: number) => string;
}) {
  const { crews, records } = check;
  if (crews.length === 0 && records.visits.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'technicians' });
  const date = (day: string) => formatLongDate(day, locale, { weekday: false });
  const having = (problem: LicenceProblem) => crews.filter((crew) => crew.problem === problem);
  const withDates = (list: LicenceCheck['crews']) => list.map((crew) => t('beforeSeason.crewExpiry', { name: crew.name, date: date(crew.licenceExpiresOn ?? '') })).join(', ');
  const [missing, expired, expiring] = [having('missing'), having('expired'), having('expiresInSeason')];
  const listed = records.visits.slice(0, LISTED_RECORDS);
  const updateLink = <a className={LINK_CLASS} href={techniciansHref}>{t('beforeSeason.licenceUpdateLink')}</a>;

  return (
    <section aria-labelledby="before-season-title" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="before-season-title" className="text-lg font-semibold">{t('beforeSeason.title')}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {missing.length > 0 ? (
          <li>
            {t('beforeSeason.licenceMissing', { count: missing.length, names: missing.map((crew) => crew.name).join(', ') })}{' '}
            <a className={LINK_CLASS} href={techniciansHref}>{t('beforeSeason.licenceLink')}</a>
          </li>
        ) : null}
        {expired.length > 0 ? <li>{t('beforeSeason.licenceExpired', { count: expired.length, crews: withDates(expired) })} {updateLink}</li> : null}
        {expiring.length > 0 ? (
          <li>{t('beforeSeason.licenceExpiring', { count: expiring.length, end: date(check.clock.seasonEnd), crews: withDates(expiring) })} {updateLink}</li>
        ) : null}
        {records.visits.length > 0 ? (
          <li>
            {t('beforeSeason.recordsMissing', { count: records.visits.length, season: String(records.season) })} {t('beforeSeason.recordsHow')}
            <details className="mt-1">
              <summary className="inline-flex min-h-6 cursor-pointer items-center font-medium underline underline-offset-4">{t('beforeSeason.recordsShow')}</summary>
              <ul className="mt-1 list-disc pl-5">
                {listed.map((visit) => (
                  <li key={visit.appointmentId}>
                    <a className={LINK_CLASS} href={customerHref(visit.customerId, visit.appointmentId)}>
                      {t('beforeSeason.recordLink', { date: date(visit.appliedOn), customer: visit.customerName })}
                    </a>
                  </li>
                ))}
              </ul>
              {records.visits.length > listed.length ? <p className="mt-1">{t('beforeSeason.recordsMore', { count: records.visits.length - listed.length })}</p> : null}
            </details>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
