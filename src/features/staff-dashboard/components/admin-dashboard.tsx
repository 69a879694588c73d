'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { keepFocusNear } from '@/components/ui/use-return-focus';
import { formatAddressLine } from '@/lib/address-line';
import { formatCad, formatLongDate as longDate } from '@/lib/format';
import { Select } from '@/components/ui/select';
import type { Locale } from '@/i18n/routing';
import type { OfficeCompletionForm } from '@/features/application-records/application-record.service';
import { describeContactSubject } from '@/features/contact/contact-subjects';
import type { MessageReplyFrame } from '@/features/contact/message-reply';
import { CustomersExportLink, PaymentsExportForm } from '@/features/exports/components/export-controls';
import type { ExportRange } from '@/features/exports/export-range';
import { describePaymentStatus } from '@/features/payments/refund-state';
import { paymentMethodKey } from '@/features/payments/offline-payment';
import { SeasonOpenerAction } from '@/features/marketing-email/components/season-opener-action';
import { StaffReceiptActions } from '@/features/receipts/components/staff-receipt-actions';
import { matchesCustomer } from '../customer-search';
import { buildSummaryCards } from '../summary-cards';
import type { MessageStatusChange } from '../dashboard.schema';
import type { DashboardData, FoundCustomer, NothingBookedAheadPage } from '../dashboard.service';
import { buildDashboardQuery, type DashboardFilters, readCustomerFilterParam, readDashboardTab } from '../dashboard-filters';
import { NothingBookedAheadList } from './nothing-booked-ahead-list';
import { AppointmentsPanel } from './appointments-panel';
import { DataTable } from './data-table';
import { inboxMessageAnchor } from '../inbox-path';
import { LoadMore } from './load-more';
import { MessageReplyDialog, type RepliedMessage } from './message-reply-dialog';
import { NewCustomerAction } from './new-customer-action';
import { callStaffApi, patchStatus, readRefusal } from './staff-api';
import { useDashboardFormat } from './use-dashboard-format';
import { useRecordPages } from './use-record-pages';

const POLL_MS = 30_000;

export function AdminDashboard({ initial, filters, nothingBookedAhead, customerDetailsPath, paymentsExportRange, seasonOpenerPreviewPath, completion, replyFrame, consentWords }: {
  initial: DashboardData;
  /** The tab, the Customers tab's list and the Payments tab's From/To the address asks for (docs/decisions/0101). */
  filters: DashboardFilters;
  /** The first page of "Nothing booked ahead" when the address asks for it; read here when chosen later. */
  nothingBookedAhead: NothingBookedAheadPage | null;
  customerDetailsPath: string;
  /** What the Appointments tab's "Mark completed" offers: products and technicians (docs/decisions/0046). */
  completion: OfficeCompletionForm;
  /** The payments export form's default range: the current month so far (docs/decisions/0036). */
  paymentsExportRange: ExportRange;
  /**
   * The staff email preview of the season opener (0043), in the page's language; null for an
   * office account, which does not send it (the owner's, 0082).
   */
  seasonOpenerPreviewPath: string | null;
  /** What the reply dialog's preview writes the letter with (docs/decisions/0063). */
  replyFrame: MessageReplyFrame;
  /** "New customer"'s consent sentence in each language (docs/decisions/0098). */
  consentWords: Record<Locale, string>;
}) {
  const t = useTranslations('adminDashboard');
  const tSubject = useTranslations('contactForm.subjects');
  const tMethod = useTranslations('offlinePayments');
  const locale = useLocale();
  const [data, setData] = useState(initial);
  const router = useRouter();
  const [search, setSearch] = useState('');
  // The list holds the newest customers only; the server searches all of them, and by booking reference (0064).
  // The server's answer to the last query sent; `customers` null when the request failed.
  const [found, setFound] = useState<{ query: string; customers: FoundCustomer[] | null } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [replying, setReplying] = useState<RepliedMessage | null>(null);
  // Counts the polls: the Appointments tab reads its own filtered list again on each.
  const [pollTick, setPollTick] = useState(0);
  // The tab and the filters below, kept in the address (0101).
  const [view, setView] = useState(filters);
  // The server's first page of "Nothing booked ahead" is the address's; chosen again later, the list reads its own.
  const [nothingBookedAheadFirst, setNothingBookedAheadFirst] = useState(nothingBookedAhead);
  const changeView = (change: Partial<DashboardFilters>) => {
    const next = { ...view, ...change };
    if (next.customers !== view.customers) setNothingBookedAheadFirst(null);
    setView(next);
    window.history.replaceState(null, '', `${window.location.pathname}${buildDashboardQuery(next)}`);
  };
  const paymentsFilter = useMemo(() => (view.paymentsRange ? { ...view.paymentsRange } : undefined), [view.paymentsRange]);
  // Payments, messages and emails come in pages too; each poll reads the rows shown again.
  const payments = useRecordPages('payments', { rows: data.payments, nextCursor: data.paymentsNextCursor }, pollTick, paymentsFilter);
  const messages = useRecordPages('messages', { rows: data.messages, nextCursor: data.messagesNextCursor }, pollTick);
  const outbox = useRecordPages('outbox', { rows: data.outbox, nextCursor: data.outboxNextCursor }, pollTick);

  const reload = useCallback(async () => {
    const res = await fetch('/api/admin/dashboard', { credentials: 'include' }).catch(() => null);
    if (res?.ok) {
      setData((await res.json()) as DashboardData);
      setPollTick((n) => n + 1);
    }
    // The session ended (idle, expired, signed out elsewhere): show the login form rather than
    // figures that silently stopped updating. The server renders it for a visitor without a session.
    else if (res?.status === 401 || res?.status === 403) router.refresh();
  }, [router]);

  useEffect(() => {
    // SPEC: appointments and payments refresh every 30 seconds while signed in.
    const timer = window.setInterval(() => void reload(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [reload]);

  useEffect(() => {
    const query = search.trim();
    if (!query) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      const answer = await callStaffApi<{ customers?: FoundCustomer[] }>(`/api/admin/customers?q=${encodeURIComponent(query)}`, { signal: controller.signal });
      if (controller.signal.aborted) return;
      setFound({ query, customers: answer.ok && answer.body?.customers ? answer.body.customers : null });
    }, 250);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [search]);

  const { na, date, name, status } = useDashboardFormat();

  const failed = (message: string | null) => toast({ variant: 'destructive', title: t('updateFailedTitle'), description: message ?? t('updateFailed') });

  const setMessageStatus = async (message: DashboardData['messages'][number], status: MessageStatusChange['status']) => {
    setBusy(`m${message.id}`);
    const result = await patchStatus(`/api/admin/messages/${message.id}`, { status });
    setBusy(null);
    if (!result.ok) return failed(result.message);
    messages.updateRow(message.id, { status: result.status });
    toast({ title: t('statusUpdatedTitle'), description: t('messageUpdatedBody', { name: message.name, status: t(`statuses.${status}`) }) });
  };

  const resendEmail = async (email: DashboardData['outbox'][number]) => {
    setBusy(`o${email.id}`);
    const answer = await callStaffApi<{ status?: string }>(`/api/admin/outbox/${email.id}/resend`, { method: 'POST' });
    setBusy(null);
    if (!answer.ok || !answer.body?.status) {
      // Refused (already queued again by a colleague): read the list again rather than keep a stale row.
      if (answer.body) void reload();
      return failed(readRefusal(answer.body));
    }
    outbox.updateRow(email.id, { status: answer.body.status, attempts: 0 });
    toast({ title: t('resend.doneTitle'), description: t('resend.doneBody', { to: email.toAddress }) });
  };

  const messageActions = (m: DashboardData['messages'][number]) => {
    const actions: { status: MessageStatusChange['status']; label: string }[] = [];
    if (m.status === 'new') actions.push({ status: 'read', label: t('markRead') });
    if (m.status === 'new' || m.status === 'read') actions.push({ status: 'replied', label: t('markReplied') });
    if (m.status !== 'archived') actions.push({ status: 'archived', label: t('archive') });
    return (
      <span key="act" className="inline-flex flex-wrap gap-1">
        {m.responseContent === null && m.status !== 'archived' ? (
          <Button type="button" size="sm" aria-label={`${t('reply.open')}: ${m.name}`} onClick={() => setReplying(m)}>{t('reply.open')}</Button>
        ) : null}
        {actions.map((action) => (
          <Button key={action.status} type="button" size="sm" variant="outline" disabled={busy === `m${m.id}`} aria-label={`${action.label}: ${m.name}`} onClick={(event) => {
            // The button goes with the status it sets: focus stays in the message's row (0108).
            keepFocusNear(event.currentTarget);
            void setMessageStatus(m, action.status);
          }}>
            {action.label}
          </Button>
        ))}
      </span>
    );
  };

  // The server's answer once it has come; until then (or if it fails) the loaded list, filtered here.
  const answered = found !== null && found.query === search.trim();
  const customers: FoundCustomer[] = (answered ? found.customers : null) ?? data.customers.filter((c) => matchesCustomer(c, search));
  // A booking reference or an older customer is found by the server only: until it has answered, an
  // empty list says the search is under way, not that nobody matches.
  const searching = search.trim() !== '' && !answered;

  const cards = buildSummaryCards(data.totals, locale, (key) => t(key));

  return (
    <div className="space-y-8">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((c) => (
          <Card key={c.label}>
            <CardHeader className="pb-2"><h2 className="text-sm font-medium text-gray-600">{c.label}</h2></CardHeader>
            <CardContent>
              <p className="text-2xl font-bold">{c.value}</p>
              {c.note ? <p className="mt-1 text-xs text-gray-600">{c.note}</p> : null}
            </CardContent>
          </Card>
        ))}
      </div>
      <Tabs value={view.tab} onValueChange={(tab) => changeView({ tab: readDashboardTab(tab) })}>
        <TabsList aria-label={t('sections')}>
          <TabsTrigger value="appointments">{t('tabs.appointments')}</TabsTrigger>
          <TabsTrigger value="customers">{t('tabs.customers')}</TabsTrigger>
          <TabsTrigger value="payments">{t('tabs.payments')}</TabsTrigger>
          <TabsTrigger value="messages">{t('tabs.messages')}</TabsTrigger>
          <TabsTrigger value="emails">{t('tabs.emails')}</TabsTrigger>
        </TabsList>
        <TabsContent value="appointments">
          <AppointmentsPanel initial={{ appointments: initial.appointments, nextCursor: initial.appointmentsNextCursor, today: initial.appointmentsToday }} refreshTick={pollTick} customerDetailsPath={customerDetailsPath} completion={completion} needsNewDate={data.totals.needsNewDate} />
        </TabsContent>
        <TabsContent value="customers">
          <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
            <div className="flex flex-wrap items-end gap-3">
              {/* Those who may not come back (0101), or every customer with the search. */}
              <div className="space-y-1.5">
                <Label htmlFor="customer-filter">{t('customerFilter.label')}</Label>
                <Select id="customer-filter" className="w-56" value={view.customers} onChange={(e) => changeView({ customers: readCustomerFilterParam(e.target.value) })}>
                  <option value="all">{t('customerFilter.all')}</option>
                  <option value="nothing-booked-ahead">{t('customerFilter.nothingBookedAhead')}</option>
                </Select>
              </div>
              {view.customers === 'all' ? (
                <div className="w-full max-w-sm space-y-1.5">
                  <Label htmlFor="customer-search">{t('searchCustomers')}</Label>
                  <Input id="customer-search" type="search" value={search} placeholder={t('searchPlaceholder')} onChange={(e) => setSearch(e.target.value)} />
                </div>
              ) : null}
            </div>
            <div className="flex flex-wrap items-end gap-2">
              {/* A first-time caller, added to be booked from their page (0098). */}
              <NewCustomerAction customerDetailsPath={customerDetailsPath} consentWords={consentWords} />
              {/* The season opener email to customers who agreed to seasonal emails (0043). */}
              {seasonOpenerPreviewPath ? <SeasonOpenerAction previewPath={seasonOpenerPreviewPath} /> : null}
              <CustomersExportLink />
            </div>
          </div>
          {view.customers === 'nothing-booked-ahead' ? (
            <NothingBookedAheadList firstPage={nothingBookedAheadFirst} refreshTick={pollTick} customerDetailsPath={customerDetailsPath} />
          ) : <DataTable
            empty={searching ? t('searchingCustomers') : search.trim() && data.customers.length > 0 ? t('noMatches') : t('empty')}
            head={[t('cols.name'), t('cols.email'), t('cols.phone'), t('cols.address')]}
            rows={customers.map((c) => [
              <span key="n">
                <a className="text-brand-800 underline" href={`${customerDetailsPath}?id=${c.id}`}>{name(c.firstName, c.lastName)}</a>
                {/* Found by a booking's reference: which booking, opened at its place on the customer page. */}
                {c.booking ? (
                  <a className="mt-0.5 block text-xs text-brand-800 underline" href={`${customerDetailsPath}?id=${c.id}#booking-${c.booking.reference}`}>
                    {t('referenceMatch', { reference: c.booking.reference, fridays: c.booking.fridays, date: date(c.booking.date) })}
                  </a>
                ) : null}
              </span>,
              c.email || na, c.phone || na, formatAddressLine(c.address, c.city, c.postalCode) || na,
            ])}
          />}
        </TabsContent>
        <TabsContent value="payments">
          <PaymentsExportForm defaultRange={paymentsExportRange} list={{ listed: view.paymentsRange, onList: (paymentsRange) => changeView({ paymentsRange }) }} />
          <p role="status" className="mb-2 text-sm text-gray-600">
            {/* The list of the range the form lists, by the day paid as the files and totals date them (0101, 0109), or of every payment. */}
            {view.paymentsRange ? `${t('records.range', { from: longDate(view.paymentsRange.from, locale), to: longDate(view.paymentsRange.to, locale) })} ` : null}
            {payments.pending === 'first' ? t('records.loading') : t('records.shown.payments', { count: payments.rows.length })}
          </p>
          <DataTable
            empty={t('empty')}
            head={[view.paymentsRange ? t('cols.paidOn') : t('cols.date'), t('cols.customer'), t('cols.amount'), tMethod('method'), t('cols.status'), t('cols.paymentId'), t('cols.actions')]}
            rows={payments.rows.map((p) => [
              date(view.paymentsRange ? (p.succeededAt ?? p.createdAt) : p.createdAt),
              p.customerId === null ? name(p.firstName, p.lastName) : <a key="n" className="text-brand-800 underline" href={`${customerDetailsPath}?id=${p.customerId}`}>{name(p.firstName, p.lastName)}</a>,
              formatCad(p.amountCents, locale),
              // A card, or money the office took by hand with its cheque or e-transfer reference (0103).
              `${tMethod(`methods.${paymentMethodKey(p)}`)}${p.reference ? ` · ${p.reference}` : ''}`,
              <span key="s" className="inline-flex flex-col items-start gap-1">
                {/* The payment test page's rows are listed like the others, marked (docs/decisions/0028). */}
                {p.isTest ? <span className="inline-flex flex-wrap gap-1">{status(describePaymentStatus(p))}<Badge variant="secondary">{t('testPayment')}</Badge></span> : status(describePaymentStatus(p))}
                {/* How much came back and its HST, to the cent, as the receipt says (0075). */}
                {p.status === 'succeeded' && p.refundedCents > 0
                  ? <span className="text-xs text-gray-700">{t('refundedAmount', { amount: formatCad(p.refundedCents, locale), hst: formatCad(p.refundedTaxCents, locale) })}</span>
                  : null}
              </span>,
              <code key="id" className="text-xs">{p.paymentIntentId}</code>,
              // A receipt for each payment received (docs/decisions/0040): view it, or email it again.
              p.status === 'succeeded' && !p.isTest
                ? <StaffReceiptActions key="r" paymentId={p.id} who={`${name(p.firstName, p.lastName)}, ${formatCad(p.amountCents, locale)}`} />
                : null,
            ])}
          />
          <LoadMore hasMore={payments.nextCursor !== null} loading={payments.pending === 'more'} error={payments.error} onLoad={payments.loadMore} />
        </TabsContent>
        <TabsContent value="messages">
          <p role="status" className="mb-2 text-sm text-gray-600">{t('records.shown.messages', { count: messages.rows.length })}</p>
          <DataTable
            empty={t('empty')}
            head={[t('cols.date'), t('cols.name'), t('cols.email'), t('cols.phone'), t('cols.subject'), t('cols.message'), t('cols.status'), t('cols.actions')]}
            rows={messages.rows.map((m) => [
              // The phone the visitor gave, to call back as they often ask (0078).
              date(m.createdAt), m.name, m.email, m.phone
                ? <a key="p" className="whitespace-nowrap text-brand-800 underline" href={`tel:${m.phone.replace(/[^\d+]/g, '')}`}>{m.phone}</a>
                : t('na'), describeContactSubject(m.subject, (code) => tSubject(code)), <div key="m" id={inboxMessageAnchor(m.id)} className="max-w-md scroll-mt-24 space-y-2 target:rounded target:ring-2 target:ring-brand-500">
                <p className="whitespace-pre-wrap">{m.content}</p>
                {m.responseContent !== null ? (
                  <div className="border-l-4 border-brand-500 pl-3 text-gray-700">
                    <p className="text-xs font-medium text-gray-600">{t('reply.repliedOn', { date: date(m.respondedAt) })}</p>
                    <p className="whitespace-pre-wrap">{m.responseContent}</p>
                  </div>
                ) : null}
              </div>, status(m.status), messageActions(m),
            ])}
          />
          <LoadMore hasMore={messages.nextCursor !== null} loading={messages.pending === 'more'} error={messages.error} onLoad={messages.loadMore} />
        </TabsContent>
        <TabsContent value="emails">
          <p className="mb-3 text-sm text-gray-600">{t('outboxNote')}</p>
          <p role="status" className="mb-2 text-sm text-gray-600">{t('records.shown.outbox', { count: outbox.rows.length })}</p>
          <DataTable
            empty={t('empty')}
            head={[t('cols.date'), t('cols.to'), t('cols.subject'), t('cols.kind'), t('cols.status')]}
            rows={outbox.rows.map((o) => [
              date(o.createdAt), o.toAddress,
              <a key="s" className="text-brand-800 underline" href={`/api/admin/outbox/${o.id}`} target="_blank" rel="noopener">{o.subject}</a>,
              t.has(`emailKinds.${o.kind}`) ? t(`emailKinds.${o.kind}`) : o.kind,
              o.status === 'failed' ? (
                <div key="st" className="space-y-1">
                  <span className="inline-flex flex-wrap items-center gap-1">
                    {status(o.status)}
                    <Button type="button" size="sm" variant="outline" disabled={busy === `o${o.id}`} aria-label={`${t('resend.action')}: ${o.subject}, ${o.toAddress}`} onClick={() => void resendEmail(o)}>
                      {t('resend.action')}
                    </Button>
                  </span>
                  {o.lastError ? <p className="max-w-xs break-words text-xs text-gray-600">{o.lastError}</p> : null}
                </div>
              ) : status(o.status),
            ])}
          />
          <LoadMore hasMore={outbox.nextCursor !== null} loading={outbox.pending === 'more'} error={outbox.error} onLoad={outbox.loadMore} />
        </TabsContent>
      </Tabs>
      <MessageReplyDialog
        message={replying}
        frame={replyFrame}
        onClose={() => setReplying(null)}
        onRefused={() => void reload()}
        onSent={(id, reply) => {
          messages.updateRow(id, reply);
          setReplying(null);
          // The Emails tab lists the queued reply now, not at the next poll.
          void reload();
        }}
      />
    </div>
  );
}
