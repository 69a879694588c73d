import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Badge, statusBadgeVariant } from '@/components/ui/badge';
import { localePath } from '@/components/site/locale-paths';
import { loadVisitRecords } from '@/features/application-records/application-record.service';
import { VisitRecordPanel } from '@/features/application-records/components/visit-record-panel';
import { getBranch } from '@/features/branch/branch.service';
import { loadCustomerBookings } from '@/features/cancellations/cancellation.service';
import { CancelBookingAction, RetryRefundAction } from '@/features/cancellations/components/booking-actions';
import { ReplaceManageLinkAction } from '@/features/manage-booking/components/replace-link-action';
import { listReplacedManageLinks } from '@/features/manage-booking/manage-link.service';
import { NotTreatedNotice } from '@/features/routing/components/not-treated-notice';
import { describeNotTreated } from '@/features/routing/components/route-format';
import { MarketingConsentStatus } from '@/features/marketing-email/components/consent-status';
import { PrivacyActions } from '@/features/privacy/components/privacy-actions';
import { loadPrivacyPanel } from '@/features/privacy/privacy.service';
import { describeVisitAddOns } from '@/features/scheduling/visit-add-ons';
import { describeOutsideArea } from '@/features/service-area/components/outside-area-flag';
import { serviceLabelKey } from '@/features/scheduling/visit-kinds';
import { PaymentLinkStatus, StaffNewBookingAction } from '@/features/booking/components/staff-new-booking';
import { BookingInviteAction } from '@/features/booking/components/booking-invite-action';
import { loadBookingInviteStatus } from '@/features/booking/booking-invite.service';
import { CustomerContactEditor } from '@/features/staff-dashboard/components/customer-contact-editor';
import { CustomerMessages } from '@/features/staff-dashboard/components/customer-messages';
import { CustomerQuotes } from '@/features/staff-dashboard/components/customer-quotes';
import { MoveVisitAction } from '@/features/staff-dashboard/components/move-visit-action';
import { loadCustomerDetails } from '@/features/staff-dashboard/dashboard.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';
import { formatCad, formatShortDate, formatShortDateTime, formatTimeOfDay } from '@/lib/format';
import { formatAddressLine } from '@/lib/address-line';
import { can } from '@/features/staff-auth/capabilities';
import { HandBackAction, RecordOfflinePaymentAction } from '@/features/payments/components/offline-payment-actions';
import { paymentMethodKey, refundMethodKey } from '@/features/payments/offline-payment';
import { findOfflinePaymentDue } from '@/features/payments/offline-payment.service';
import { findToday } from '@/features/scheduling/available-dates';

export const metadata: Metadata = { robots: { index: false, follow: false } };

// SPEC lists the route without its body; staff see one customer's contact details, visits and payments.
export default async function CustomerDetailsPage({ params, searchParams }: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const id = Number(typeof query.id === 'string' ? query.id : NaN);
  const session = await requireStaff({ can: 'officeWork', redirectTo: `/customer-details${Number.isFinite(id) ? `?id=${id}` : ''}`, locale });
  const [t, tc, tp, tl, tr, tn, ta, to] = await Promise.all([
    getTranslations({ locale, namespace: 'adminDashboard' }),
    getTranslations({ locale, namespace: 'cancellations' }),
    getTranslations({ locale, namespace: 'privacy' }),
    getTranslations({ locale, namespace: 'manageBooking.replace' }),
    // The add-ons sold with each visit, named as the day sheet names them (0064).
    getTranslations({ locale, namespace: 'routing' }),
    getTranslations({ locale, namespace: 'staffCustomers' }),
    // "Outside the current service area" in the words the visit list, routes and quotes use (0096).
    getTranslations({ locale, namespace: 'serviceAreaAdmin.outsideArea' }),
    // Money taken or handed back by the office: cash, cheque, e-transfer (0103).
    getTranslations({ locale, namespace: 'offlinePayments' }),
  ]);
  const details = await loadCustomerDetails(id);
  if (!details) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-bold">{t('customerNotFound')}</h1>
        <a className="mt-4 inline-block text-brand-800 underline" href={localePath(locale, '/admin')}>{t('backToDashboard')}</a>
      </div>
    );
  }
  const { customer } = details;
  // Hold times are said in the branch's time, whoever's browser reads them (0091).
  const { timezone, settings: { servedPrefixes } } = await getBranch();
  // Access and deletion requests (0049); an erased customer has only their number left to show.
  const privacy = await loadPrivacyPanel(customer.id);
  const erased = privacy?.erasure != null;
  const name = erased ? tp('erasedHeading', { number: customer.id }) : `${customer.firstName} ${customer.lastName}`;
  // Each visit marked done: the technician's note to the customer (0038) and the application record (0042).
  const visitRecords = await loadVisitRecords(details.appointments.filter((a) => a.status === 'completed').map((a) => a.id));
  // Visits grouped by booking, and payments with their refunds (docs/decisions/0017).
  const { bookings, payments } = await loadCustomerBookings(customer.id);
  // "Record a payment" on each unpaid booking still going ahead, with what it costs (0103), dated in the branch's day.
  const today = findToday(new Date(), timezone);
  const dueByRef = new Map(await Promise.all(bookings
    .filter((b) => !erased && b.visits.some((v) => v.status !== 'cancelled') && !payments.some((p) => p.bookingRef === b.bookingRef && p.status === 'succeeded'))
    .map(async (b) => [b.bookingRef, await findOfflinePaymentDue(b.bookingRef)] as const)));
  // Bookings whose "Manage your booking" link the office replaced (0050): when, and by whom.
  const replacedLinks = await listReplacedManageLinks(customer.id);
  // "Email a booking link" (0105): how many went, so one press sends one.
  const bookingInvites = await loadBookingInviteStatus(customer.id);
  const describeReplacedLink = ({ replacedAt, byName }: { replacedAt: string; byName: string | null }) => {
    const date = formatShortDateTime(replacedAt, locale) ?? '';
    return byName ? tl('replacedOn', { date, name: byName }) : tl('replacedOnUnknown', { date });
  };
  const serviceLabels = Object.fromEntries(
    // Keyed as the visits are named: by service, and a free re-treatment (0047) by its own label.
    [...new Set(bookings.flatMap((b) => b.visits.flatMap((v) => [v.serviceType, serviceLabelKey(v)])))].map((type) => [type, t.has(`services.${type}`) ? t(`services.${type}`) : type]),
  );
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <div>
        <a className="text-sm text-brand-800 underline" href={localePath(locale, '/admin')}>{t('backToDashboard')}</a>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold">{name}</h1>
          {erased ? null : (
            <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['adminDashboard', 'errors', 'staffBooking', 'booking', 'pricing', 'serviceAreaAdmin', 'staffCustomers'])}>
              <span className="inline-flex flex-wrap items-start gap-2">
              {/* The office books for a customer on the phone; the customer pays by the emailed link, never a card here (0091). */}
              <StaffNewBookingAction
                customerId={customer.id}
                name={name}
                email={customer.email}
                timeZone={timezone}
                servedPrefixes={servedPrefixes}
                initial={{ address: customer.address ?? '', city: customer.city ?? '', postalCode: customer.postalCode ?? '', propertySize: customer.propertySize, locale: customer.locale }}
              />
              {/* Or the customer books and pays online themselves, with their details filled in (0105). */}
              <BookingInviteAction customerId={customer.id} sent={bookingInvites.sent} lastSentAt={bookingInvites.lastSentAt} timeZone={timezone} />
              <CustomerContactEditor
                customerId={customer.id}
                name={name}
                initial={{
                  firstName: customer.firstName, lastName: customer.lastName, email: customer.email, phone: customer.phone,
                  address: customer.address ?? '', city: customer.city ?? '', postalCode: customer.postalCode ?? '',
                }}
              />
              </span>
            </NextIntlClientProvider>
          )}
        </div>
        {erased ? null : (
          <p className="mt-2 text-sm">
            <a className="underline" href={`mailto:${customer.email}`}>{customer.email}</a> · <a className="underline" href={`tel:${customer.phone}`}>{customer.phone}</a>
            <br />{formatAddressLine(customer.address, customer.city, customer.postalCode) || t('na')}
          </p>
        )}
        {/* Added by the office from the dashboard (0098): who, and when. */}
        {customer.createdByName ? (
          <p className="mt-1 text-xs text-gray-600">{tn('addedBy', { name: customer.createdByName, date: formatShortDate(customer.createdAt, locale) ?? '' })}</p>
        ) : null}
        {/* A community the owner marked not served after this customer booked (0088): the bookings stand. */}
        {details.outsideServiceArea.length > 0 ? (
          <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="outside-service-area">
            <p className="font-semibold">{ta('title')}</p>
            <ul>
              {details.outsideServiceArea.map((code) => <li key={code.postalCode}>{describeOutsideArea(code, ta)}</li>)}
            </ul>
            <p>{t('outsideServiceArea.body')}</p>
          </div>
        ) : null}
      </div>
      {/* Consent to seasonal (promotional) email: given, withdrawn, or none (0043). */}
      <MarketingConsentStatus customerId={customer.id} locale={locale} />
      {/* Access and deletion requests are the owner's (0082): the office account does not see the buttons. */}
      {privacy && can(session.role, 'customerPrivacy') ? (
        <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['privacy'])}>
          <PrivacyActions customerId={customer.id} name={name} panel={privacy} />
        </NextIntlClientProvider>
      ) : null}
      <NextIntlClientProvider locale={locale} messages={pickMessages(locale, ['cancellations', 'applicationRecords', 'manageBooking', 'errors', 'adminDashboard', 'staffBooking', 'offlinePayments'])}>
        <section>
          <h2 className="text-xl font-semibold">{tc('bookingsHeading')}</h2>
          {bookings.length === 0 ? <p className="mt-3 rounded-lg border border-gray-200 p-3 text-sm text-gray-600">{tc('noBookings')}</p> : (
            /* One grid for every visit of every booking (0092): each row's description, status and Move sit in the
               same three columns as every other row's (subgrids down to the rows), so the badges line up
               whatever else a row holds. */
            <div className="mt-3 space-y-4 sm:grid sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:gap-x-3">
              {bookings.map((booking) => (
                <article key={booking.bookingRef} className="rounded-lg border border-gray-200 sm:col-span-3 sm:grid sm:grid-cols-subgrid" aria-labelledby={`booking-${booking.bookingRef}`}>
                  <header className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-100 p-3 sm:col-span-3">
                    <div>
                      <h3 id={`booking-${booking.bookingRef}`} className="font-semibold">{tc('bookingTitle', { reference: booking.bookingRef })}</h3>
                      {replacedLinks[booking.bookingRef] ? <p className="text-xs text-gray-600">{describeReplacedLink(replacedLinks[booking.bookingRef]!)}</p> : null}
                      {/* Unpaid and still holding its Fridays: until when, and the link again (0091). */}
                      {booking.heldUntil && !erased ? <PaymentLinkStatus bookingRef={booking.bookingRef} heldUntil={booking.heldUntil.toISOString()} timeZone={timezone} sent={booking.linksSent} /> : null}
                    </div>
                    <span className="inline-flex flex-wrap gap-2">
                      {dueByRef.get(booking.bookingRef) ? <RecordOfflinePaymentAction bookingRef={booking.bookingRef} amountDueCents={dueByRef.get(booking.bookingRef)!.amountDueCents} today={today} /> : null}
                      {erased ? null : <ReplaceManageLinkAction bookingRef={booking.bookingRef} />}
                      {booking.canCancel ? <CancelBookingAction bookingRef={booking.bookingRef} serviceLabels={serviceLabels} /> : null}
                    </span>
                  </header>
                  <ul className="divide-y divide-gray-100 sm:col-span-3 sm:grid sm:grid-cols-subgrid">
                    {booking.visits.map((a) => {
                      const addOns = describeVisitAddOns(a, locale, tr);
                      const notTreated = describeNotTreated(a, locale, tr);
                      return (
                        <li key={a.id} className="grid gap-2 p-3 text-sm sm:col-span-3 sm:grid-cols-subgrid sm:items-center">
                          <span className="min-w-0">
                            {formatShortDate(a.date, locale)} · {formatTimeOfDay(a.time, locale)} · {serviceLabels[serviceLabelKey(a)] ?? a.serviceType}
                            {addOns ? <span className="block text-xs text-gray-700">{addOns}</span> : null}
                          </span>
                          <span className="justify-self-start" data-testid="visit-status">
                            <Badge variant={statusBadgeVariant(a.status)}>{t.has(`statuses.${a.status}`) ? t(`statuses.${a.status}`) : a.status}</Badge>
                          </span>
                          {/* The visit list's Move, here where the office has the customer on the phone (0089); the cell stays when empty. */}
                          <span className="sm:justify-self-end">
                            {!erased && (a.status === 'confirmed' || a.needsStaffAttention) ? (
                              <MoveVisitAction
                                visit={{ ...a, firstName: customer.firstName, lastName: customer.lastName }}
                                name={name}
                                service={serviceLabels[serviceLabelKey(a)] ?? a.serviceType}
                                addOns={addOns}
                                dateLabel={formatShortDate(a.date, locale) ?? a.date}
                              />
                            ) : null}
                          </span>
                          {/* The crew could not treat it (0085): Move sets another Friday. Under the row, the full width. */}
                          {notTreated ? <div className="sm:col-span-3"><NotTreatedNotice notTreated={notTreated} /></div> : null}
                          {a.status === 'completed' && visitRecords.records[a.id] ? (
                            <div className="sm:col-span-3"><VisitRecordPanel
                              visit={{ id: a.id, date: a.date, serviceType: a.serviceType }}
                              initial={visitRecords.records[a.id]!}
                              products={visitRecords.products}
                              technicians={visitRecords.technicians}
                              branchHasActiveProducts={visitRecords.branchHasActiveProducts}
                            /></div>
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                </article>
              ))}
            </div>
          )}
        </section>
        <section>
          <h2 className="text-xl font-semibold">{t('tabs.payments')}</h2>
          <ul className="mt-3 divide-y divide-gray-100 rounded-lg border border-gray-200">
            {payments.length === 0 ? <li className="p-3 text-gray-600">{t('empty')}</li> : payments.map((p) => (
              <li key={p.id} className="space-y-2 p-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {formatShortDate(p.createdAt, locale)} · {formatCad(p.amountCents, locale)} · <code className="text-xs">{p.paymentIntentId}</code>
                    {/* How it was paid: a card, or the office's cash, cheque or e-transfer with its reference (0103). */}
                    <span className="block text-xs text-gray-700" data-testid="payment-method">
                      {to('paidBy', { method: to(`methods.${paymentMethodKey(p)}`) })}{p.reference ? ` · ${p.reference}` : ''}
                    </span>
                  </span>
                  <span className="inline-flex flex-wrap gap-1">
                    <Badge variant={statusBadgeVariant(p.listStatus)}>{t.has(`statuses.${p.listStatus}`) ? t(`statuses.${p.listStatus}`) : p.listStatus}</Badge>
                    {p.isTest ? <Badge variant="secondary">{t('testPayment')}</Badge> : null}
                  </span>
                </div>
                {/* How much came back and its HST, to the cent, as on the Payments tab and the receipt (0075). */}
                {p.status === 'succeeded' && p.refundedCents > 0
                  ? <p className="text-xs text-gray-700">{t('refundedAmount', { amount: formatCad(p.refundedCents, locale), hst: formatCad(p.refundedTaxCents, locale) })}</p>
                  : null}
                {p.refunds.length > 0 ? (
                  <ul className="space-y-1 border-l-2 border-gray-200 pl-3">
                    {p.refunds.map((r) => (
                      <li key={r.id} className="flex flex-wrap items-center justify-between gap-2">
                        <span>
                          {formatShortDate(r.datedAt, locale)} · {r.taxCents === null
                            ? tc('refunds.line', { amount: formatCad(r.amountCents, locale) })
                            : tc('refunds.lineWithHst', { amount: formatCad(r.amountCents, locale), hst: formatCad(r.taxCents, locale) })}
                          {/* A refund made on a later day than asked for: both days, the first being the receipt's (0081). */}
                          {formatShortDate(r.createdAt, locale) !== formatShortDate(r.datedAt, locale)
                            ? <span className="block text-gray-700">{tc('refunds.askedOn', { date: formatShortDate(r.createdAt, locale) ?? '' })}</span>
                            : null}
                          {r.method ? <span className="block text-gray-700">{to('handedBackBy', { method: to(`methods.${refundMethodKey(r)}`) })}{r.reference ? ` · ${r.reference}` : ''}</span> : null}
                          {r.canHandBack ? <span className="block text-gray-700">{to('toHandBack')}</span> : null}
                          {r.status === 'failed' && r.failureReason ? <span className="block text-red-700">{tc('refunds.failureReason', { reason: r.failureReason })}</span> : null}
                        </span>
                        <span className="flex items-center gap-2">
                          <Badge variant={r.status === 'succeeded' ? 'secondary' : 'outline'} className={r.status === 'failed' ? 'border-red-600 text-red-700' : undefined}>{tc(`refunds.status.${r.status}`)}</Badge>
                          {r.canHandBack && r.bookingRef ? <HandBackAction bookingRef={r.bookingRef} refundId={r.id} amountCents={r.amountCents} today={today} /> : null}
                          {r.canRetry && r.bookingRef ? <RetryRefundAction bookingRef={r.bookingRef} refundId={r.id} amountCents={r.amountCents} attempts={r.attempts} /> : null}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      </NextIntlClientProvider>
      {/* The contact messages from the customer's address and the office's replies (0112); none once erased. */}
      {erased ? null : <CustomerMessages messages={details.messages} count={details.messageCount} locale={locale} />}
      {/* The quotes asked for with the customer's address (0068); none once erased. */}
      <CustomerQuotes quotes={details.quotes} more={details.moreQuotes} email={erased ? null : customer.email} locale={locale} />
    </div>
  );
}
