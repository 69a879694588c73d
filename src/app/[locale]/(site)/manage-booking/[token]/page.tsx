import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Badge, statusBadgeVariant } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { localePath } from '@/components/site/locale-paths';
import { getBranch, getPublicBranchInfo } from '@/features/branch/branch.service';
import { CancelBookingOnline, MoveVisitAction } from '@/features/manage-booking/components/manage-booking-actions';
import { offersOnlineChange } from '@/features/manage-booking/customer-changes';
import { limitLookups, loadManagedBooking, type ManagedBooking } from '@/features/manage-booking/manage-booking.service';
import { listBookingReceipts } from '@/features/receipts/receipt.service';
import { RetreatmentRequestAction } from '@/features/retreatments/components/retreatment-request';
import { RetreatmentWithdrawAction } from '@/features/retreatments/components/retreatment-withdraw';
import { RETREATMENT_SECTION_ID } from '@/features/retreatments/retreatment-link';
import { loadRetreatmentOffer } from '@/features/retreatments/retreatment.service';
import { pickMessages } from '@/i18n/messages';
import { isLocale, toLocale, type Locale } from '@/i18n/routing';
import { isAppError } from '@/lib/errors';
import { formatCad, formatDayAndTime, formatLongDate, formatShortDate } from '@/lib/format';
import { readRouteParam } from '@/lib/route-param';
import { getClientIp } from '@/server/request-locale';
import { formatAddressLine } from '@/lib/address-line';
import { toTelHref } from '@/lib/phone';

// Every request reads the booking as it is now; nothing of it is cached or prerendered.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: toLocale(locale), namespace: 'manageBooking' });
  // The address holds the booking's key: no index, and no Referer carrying it anywhere (decision 0032).
  return { title: t('metaTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

type Props = { params: Promise<{ locale: string; token: string }> };

/** The booking, or why it cannot be shown; never an error page for a bad or used-up link. */
async function readBooking(token: string, locale: Locale): Promise<{ booking: ManagedBooking } | { problem: 'not-found' | 'rate-limited' }> {
  try {
    await limitLookups(getClientIp(new Request('http://local/', { headers: await headers() })));
    return { booking: await loadManagedBooking(token, locale) };
  } catch (error) {
    if (isAppError(error) && error.code === 'rate_limited') return { problem: 'rate-limited' };
    if (isAppError(error) && error.code === 'not_found') return { problem: 'not-found' };
    throw error;
  }
}

function PhoneLink({ phone }: { phone: string }) {
  return <a className="font-semibold text-brand-800 underline" href={toTelHref(phone)}>{phone}</a>;
}

type Figures = NonNullable<ManagedBooking['cancelRefund']>;

/** Paid, already refunded, the visits carried out at the regular price with their HST, and the refund. */
function CancelRefundFigures({ figures, carriedOut, byHand, money, t }: {
  figures: Figures; carriedOut: NonNullable<Figures['carriedOut']>; byHand: boolean; money: (cents: number) => string; t: (key: string, values?: Record<string, string | number>) => string;
}) {
  // Each row is a div holding its dt and dd, as a dl allows; the total's row draws its own rule.
  const row = (label: string, value: string, detail?: string, strong = false) => (
    <div className={strong ? 'flex flex-wrap justify-between gap-x-4 border-t border-gray-200 pt-2' : 'flex flex-wrap justify-between gap-x-4'}>
      <dt>{label}{detail ? <span className="block text-xs text-gray-600">{detail}</span> : null}</dt>
      <dd className={strong ? 'font-semibold text-gray-900' : 'text-gray-900'}>{value}</dd>
    </div>
  );
  return (
    <dl className="space-y-2 rounded-md border border-gray-200 p-3" aria-label={t('cancelFigures.label')}>
      {row(t('cancelFigures.paid'), money(figures.paidCents))}
      {figures.alreadyRefundedCents > 0 ? row(t('cancelFigures.alreadyRefunded'), `− ${money(figures.alreadyRefundedCents)}`) : null}
      {row(
        t('cancelFigures.carriedOut', { completed: carriedOut.completed, total: carriedOut.total }),
        `− ${money(carriedOut.cents)}`,
        t('cancelFigures.carriedOutDetail', { preTax: money(carriedOut.preTaxCents), tax: money(carriedOut.taxCents) }),
      )}
      {row(t(byHand ? 'cancelFigures.refundByHand' : 'cancelFigures.refund'), money(figures.refundCents), undefined, true)}
    </dl>
  );
}

export default async function ManageBookingPage({ params }: Props) {
  const { locale, token: rawToken } = await params;
  const token = readRouteParam(rawToken);
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [t, tServices, tReceipts, tRetreat, branchInfo, branch] = await Promise.all([
    getTranslations({ locale, namespace: 'manageBooking' }),
    getTranslations({ locale, namespace: 'payments' }),
    getTranslations({ locale, namespace: 'receipts' }),
    getTranslations({ locale, namespace: 'retreatments' }),
    getPublicBranchInfo(),
    getBranch(),
  ]);
  const phone = branchInfo.phone;
  const result = await readBooking(token, locale);

  if ('problem' in result) {
    return (
      <div className="px-4 py-12">
        <Card className="mx-auto max-w-xl">
          <CardHeader>
            <h1 className="text-2xl font-bold">{t(result.problem === 'rate-limited' ? 'rateLimited.title' : 'notFound.title')}</h1>
          </CardHeader>
          <CardContent className="space-y-3 text-gray-700">
            <p>{t(result.problem === 'rate-limited' ? 'rateLimited.body' : 'notFound.body')}</p>
            {result.problem === 'not-found' ? (
              <p><a className="font-semibold text-brand-800 underline" href={localePath(locale, '/manage-booking')}>{t('notFound.sendAgain')}</a></p>
            ) : null}
            <p>{t('callUs')} <PhoneLink phone={phone} /></p>
          </CardContent>
        </Card>
      </div>
    );
  }

  const { booking } = result;
  const deadline = (at: Date) => t('deadline', formatDayAndTime(at, locale, branch.timezone));
  const money = (cents: number) => formatCad(cents, locale);
  const location = formatAddressLine(booking.address.address, booking.address.city, booking.address.postalCode);
  const { cancel } = booking;
  // Paid in cash, by cheque or e-transfer (0103): refunds are handed back by the office, not sent to a card.
  const byHand = booking.money.paidByHand;
  // One receipt per payment received, printable, with the GST/HST number (0040).
  const receipts = await listBookingReceipts(token, locale, branch.timezone);
  // The guarantee's free re-treatment (0047): offered once a treatment was carried out; a cancelled
  // booking says so in its own section, and before any visit there is nothing to say.
  const retreatment = await loadRetreatmentOffer(token);
  const showRetreatment = retreatment.kind !== 'none' && !(retreatment.kind === 'not-eligible' && retreatment.why === 'cancelled');

  return (
    <div className="px-4 py-12">
      <div className="mx-auto max-w-3xl space-y-6">
        <header className="space-y-2">
          <h1 className="text-3xl font-bold">{t('title')}</h1>
          <p className="text-gray-700">{t(offersOnlineChange(booking.visits, cancel) ? 'greeting' : 'greetingNoOnlineChange', { name: booking.customerFirstName })}</p>
        </header>

        <Card>
          <CardContent className="pt-6">
            <dl className="grid gap-3 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-gray-600">{t('reference')}</dt>
                <dd className="font-semibold">{booking.bookingRef}</dd>
              </div>
              {location ? (
                <div>
                  <dt className="text-sm text-gray-600">{t('address')}</dt>
                  <dd className="font-semibold">{location}</dd>
                </div>
              ) : null}
            </dl>
          </CardContent>
        </Card>

        <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['manageBooking', 'retreatments', 'errors'])}>
          <section aria-labelledby="visits-heading" className="space-y-3">
            <h2 id="visits-heading" className="text-2xl font-semibold">{t('visitsHeading')}</h2>
            <ul className="space-y-3">
              {booking.visits.map((visit) => (
                <li key={visit.id}>
                  <Card>
                    <CardHeader className="pb-3">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <CardTitle className="text-lg">{formatLongDate(visit.date, locale)}</CardTitle>
                        <Badge variant={statusBadgeVariant(visit.status)}>{t(`status.${visit.status}`)}</Badge>
                      </div>
                    </CardHeader>
                    <CardContent className="space-y-2 text-sm text-gray-700">
                      <p>{visit.serviceTypes.map((s) => tServices(`services.${s}`)).join(', ')}</p>
                      {visit.status === 'confirmed' ? <p>{visit.arrival}</p> : null}
                      {visit.status === 'expired' ? <p>{t(visit.dayClosed ? 'visitNeedsDateClosed' : 'visitNeedsDate')}</p> : null}
                      {visit.change.kind === 'move' ? (
                        <div className="flex flex-wrap items-center gap-3 pt-1">
                          <MoveVisitAction token={token} visitId={visit.id} date={visit.date} phone={phone} />
                          <span>{t('moveUntil', { deadline: deadline(visit.change.cutoffAt) })}</span>
                        </div>
                      ) : null}
                      {visit.change.kind === 'call' ? <p>{t('moveByPhone')} <PhoneLink phone={phone} /></p> : null}
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          </section>

          {showRetreatment ? (
            // The visit report's "Request a free re-treatment" link opens the page here (0065).
            <section id={RETREATMENT_SECTION_ID} aria-labelledby="retreatment-heading" className="scroll-mt-24 space-y-3">
              <h2 id="retreatment-heading" className="text-2xl font-semibold">{tRetreat('manage.heading')}</h2>
              <Card>
                <CardContent className="space-y-3 pt-6 text-sm text-gray-700">
                  {retreatment.kind === 'eligible' ? (
                    <>
                      <p>{tRetreat(`manage.intro.${retreatment.plan}`)}</p>
                      <p>{tRetreat('manage.until', { date: formatLongDate(retreatment.until, locale) })}</p>
                      <RetreatmentRequestAction token={token} reasons={retreatment.reasons} />
                    </>
                  ) : null}
                  {retreatment.kind === 'requested' ? (
                    <>
                      <p role="status" className="font-medium">{tRetreat('manage.requested', { date: formatShortDate(retreatment.requestedAt, locale) ?? '' })}</p>
                      {/* Until the office answers, the customer may take it back (0051). */}
                      <RetreatmentWithdrawAction token={token} requestId={retreatment.requestId} />
                    </>
                  ) : null}
                  {retreatment.kind === 'not-eligible' && retreatment.why !== 'cancelled' ? (
                    <p>{tRetreat(`manage.notEligible.${retreatment.why}`, { date: retreatment.until ? formatLongDate(retreatment.until, locale) : '' })}</p>
                  ) : null}
                </CardContent>
              </Card>
            </section>
          ) : null}

          <section aria-labelledby="payment-heading" className="space-y-3">
            <h2 id="payment-heading" className="text-2xl font-semibold">{t('paymentHeading')}</h2>
            <Card>
              <CardContent className="pt-6">
                <dl className="space-y-1 text-sm">
                  <div className="flex justify-between gap-4"><dt className="text-gray-700">{t('paid')}</dt><dd className="font-semibold">{money(booking.money.paidCents)}</dd></div>
                  {booking.money.refundedCents > 0 ? (
                    <div className="flex justify-between gap-4"><dt className="text-gray-700">{t(booking.money.paidByHand ? 'refundedByHand' : 'refunded')}</dt><dd className="font-semibold">{money(booking.money.refundedCents)}</dd></div>
                  ) : null}
                  {booking.money.refundPendingCents > 0 ? (
                    <div className="flex justify-between gap-4"><dt className="text-gray-700">{t(booking.money.paidByHand ? 'refundPendingByHand' : 'refundPending')}</dt><dd className="font-semibold">{money(booking.money.refundPendingCents)}</dd></div>
                  ) : null}
                </dl>
                {receipts.length > 0 ? (
                  <div className="mt-4 border-t border-gray-100 pt-4 text-sm">
                    <h3 className="font-semibold">{tReceipts('manage.heading')}</h3>
                    <p className="mt-1 text-gray-700">{tReceipts('manage.intro')}</p>
                    <ul className="mt-2 space-y-1">
                      {receipts.map((r) => (
                        <li key={r.paymentId} className="break-words">
                          <a className="font-semibold text-brand-800 underline" href={r.path}>{tReceipts('manage.link', { number: r.number })}</a>
                          {r.paidOn ? <span className="text-gray-700"> · {tReceipts('manage.paid', { amount: r.amount, date: r.paidOn })}</span> : null}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </CardContent>
            </Card>
          </section>

          <section aria-labelledby="cancel-heading" className="space-y-3">
            <h2 id="cancel-heading" className="text-2xl font-semibold">{t('cancelHeading')}</h2>
            <Card>
              <CardContent className="space-y-3 pt-6 text-sm text-gray-700">
                {cancel.kind === 'cancel' ? (
                  <>
                    {booking.cancelRefund?.carriedOut ? (
                      // A plan under way: the terms' figures, to the cent, before the button (0108).
                      <>
                        <p>{t(byHand ? 'cancelIntroStartedByHand' : 'cancelIntroStarted', { deadline: deadline(cancel.cutoffAt) })}</p>
                        <CancelRefundFigures figures={booking.cancelRefund} carriedOut={booking.cancelRefund.carriedOut} byHand={byHand} money={money} t={t} />
                      </>
                    ) : <p>{t(byHand ? 'cancelIntroByHand' : 'cancelIntro', { deadline: deadline(cancel.cutoffAt) })}</p>}
                    {/* Online, a plan is cancelled whole; one visit is the office's to cancel (0032). */}
                    {booking.visits.filter((v) => v.status !== 'cancelled' && v.status !== 'completed').length > 1
                      ? <p>{t('cancelOneVisit')} <PhoneLink phone={phone} /></p> : null}
                    <CancelBookingOnline token={token} bookingRef={booking.bookingRef} byHand={byHand} />
                  </>
                ) : null}
                {cancel.kind === 'call' ? <p>{t(`cancelByPhone.${cancel.reason}`)} <PhoneLink phone={phone} /></p> : null}
                {cancel.kind === 'none' ? <p>{t(booking.visits.every((v) => v.status === 'cancelled') ? 'cancelledAll' : 'nothingToCancel')}</p> : null}
              </CardContent>
            </Card>
          </section>
        </NextIntlClientProvider>

        <p className="text-sm text-gray-700">{t('questions')} <PhoneLink phone={phone} /></p>
      </div>
    </div>
  );
}
