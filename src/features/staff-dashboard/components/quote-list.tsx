'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { localePath } from '@/components/site/locale-paths';
import { QuoteFollowUpAction } from '@/features/quotes/components/quote-follow-up-action';
import type { QuoteFollowUpResult } from '@/features/quotes/quote-follow-up.service';
import { formatAddressLine } from '@/lib/address-line';
import { OutsideAreaFlag } from '@/features/service-area/components/outside-area-flag';
import { formatCad, formatShortDate, formatShortDateTime } from '@/lib/format';
import { toTelHref } from '@/lib/phone';
import type { QuotePage } from '../dashboard.service';
import { appendPage } from '../list-paging';
import {
  buildQuoteListPath, DEFAULT_QUOTE_FILTER, isCustomQuote, isDefaultQuoteFilter, QUOTE_SEARCH_MAX_LENGTH, QUOTE_STATUS_FILTERS,
  type QuoteListFilter, type QuoteStatusFilter,
} from '../quote-list';
import { LoadMore } from './load-more';
import { describeCancelledBookingLine, nameQuoteAddOns, QuoteStateBadge, UnpaidBookingLine } from './quote-state';
import { callStaffApi, readRefusal } from './staff-api';

type Quote = QuotePage['quotes'][number];
type ListState = {
  filter: QuoteListFilter;
  rows: Quote[];
  nextCursor: string | null;
  /** What is loading: a new filter's first page, or the next page. */
  pending: 'filter' | 'more' | null;
  error: string | null;
};

/** How long typing rests before the list follows the search field (Enter searches at once). */
const SEARCH_PAUSE_MS = 300;
const SELECT_CLASS = 'flex h-10 w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-ink disabled:cursor-not-allowed disabled:opacity-60';

/**
 * /quotes-admin's cards: the newest quotes first (the server's first page), a state filter, a
 * search by customer name, email or quote number, and "Load more" pages from GET /api/admin/quotes.
 * `initialSearch` is the address's `?q=` the server's first page was searched with (0068), and
 * `initialEmail` its `?email=`, the one address the list is narrowed to (0073), which the page
 * names with a button that removes it; the address follows both from then on, so a reload or the
 * way back finds the same quotes.
 */
export function QuoteList({ initial, initialSearch = '', initialEmail = null }: { initial: QuotePage; initialSearch?: string; initialEmail?: string | null }) {
  const t = useTranslations('quotesAdmin');
  const td = useTranslations('adminDashboard');
  const ids = { search: useId(), status: useId() };
  const searchField = useRef<HTMLInputElement>(null);
  const [list, setList] = useState<ListState>({
    filter: { ...DEFAULT_QUOTE_FILTER, search: initialSearch, email: initialEmail }, rows: initial.quotes, nextCursor: initial.nextCursor, pending: null, error: null,
  });
  // The search field as typed; the list follows it once typing rests.
  const [search, setSearch] = useState(initialSearch);
  // The list as last rendered, for requests started from callbacks; each request's number says
  // whether a later one (another filter) has taken over the list meanwhile.
  const latest = useRef(list);
  const generation = useRef(0);
  useEffect(() => {
    latest.current = list;
  }, [list]);

  const load = useCallback(async (filter: QuoteListFilter, mode: 'filter' | 'more') => {
    const cursor = latest.current.nextCursor;
    if (mode === 'more' && !cursor) return;
    const request = ++generation.current;
    setList((l) => ({ ...l, filter, pending: mode, error: null }));
    const answer = await callStaffApi<QuotePage>(buildQuoteListPath(filter, mode === 'more' ? { cursor } : {}));
    if (request !== generation.current) return;
    if (!answer.ok || !answer.body?.quotes) {
      const error = readRefusal(answer.body) ?? t('error');
      return setList((l) => (mode === 'more' ? { ...l, pending: null, error } : { ...l, rows: [], nextCursor: null, pending: null, error }));
    }
    const page = answer.body;
    setList((l) => ({
      ...l,
      rows: mode === 'more' ? appendPage(l.rows, page.quotes) : page.quotes,
      nextCursor: page.nextCursor,
      pending: null,
      error: null,
    }));
  }, [t]);

  const searchNow = useCallback((text: string) => {
    if (text.trim() !== latest.current.filter.search.trim()) void load({ ...latest.current.filter, search: text.trim() }, 'filter');
  }, [load]);

  // A follow-up sent from a card: the card shows it at once (its state, the last one, the count, the total it now holds).
  const showFollowUp = useCallback((sent: QuoteFollowUpResult) => {
    setList((l) => ({
      ...l,
      rows: l.rows.map((q) => (q.id === sent.quoteId
        ? { ...q, status: sent.status, totalCents: sent.totalCents, followUpCount: sent.followUpCount, lastSentAt: sent.lastSentAt, lastSentByName: sent.lastSentByName }
        : q)),
    }));
  }, []);

  useEffect(() => {
    const timer = window.setTimeout(() => searchNow(search), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [search, searchNow]);

  // The address carries the search and the address filter the list shows (`?q=`, 0068; `?email=`,
  // 0073); the state filter stays out of it.
  const shownSearch = list.filter.search.trim();
  const shownEmail = list.filter.email ?? '';
  useEffect(() => {
    const url = new URL(window.location.href);
    if ((url.searchParams.get('q') ?? '') === shownSearch && (url.searchParams.get('email') ?? '') === shownEmail) return;
    for (const [name, value] of [['q', shownSearch], ['email', shownEmail]] as const) {
      if (value) url.searchParams.set(name, value);
      else url.searchParams.delete(name);
    }
    window.history.replaceState(null, '', url);
  }, [shownSearch, shownEmail]);

  // The address filter's button goes with the filter: focus moves to the search field, where the list is narrowed next.
  const clearEmail = useCallback(() => {
    void load({ ...latest.current.filter, search: search.trim(), email: null }, 'filter');
    searchField.current?.focus();
  }, [load, search]);

  const { filter, rows, pending, error } = list;
  const summary = pending === 'filter'
    ? t('loading')
    : error !== null
      ? null
      : rows.length === 0
        ? (isDefaultQuoteFilter(filter) ? t('empty') : t('noMatches'))
        : t('shown', { count: rows.length });

  return (
    <>
      <form
        role="search"
        aria-label={t('filters')}
        className="mt-6 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          searchNow(search);
        }}
      >
        <div className="w-full max-w-sm space-y-1.5">
          <Label htmlFor={ids.search}>{t('search')}</Label>
          <Input
            id={ids.search}
            ref={searchField}
            type="search"
            value={search}
            maxLength={QUOTE_SEARCH_MAX_LENGTH}
            placeholder={t('searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="w-48 space-y-1.5">
          <Label htmlFor={ids.status}>{td('cols.status')}</Label>
          <select
            id={ids.status}
            className={SELECT_CLASS}
            value={filter.status ?? ''}
            onChange={(e) => void load({ ...filter, status: (e.target.value || null) as QuoteStatusFilter | null, search: search.trim() }, 'filter')}
          >
            <option value="">{td('list.allStatuses')}</option>
            {QUOTE_STATUS_FILTERS.map((s) => <option key={s} value={s}>{t(`status.${s}`)}</option>)}
          </select>
        </div>
        {filter.email !== null ? (
          <div className="flex w-full flex-wrap items-center gap-3 rounded-md border border-gray-300 bg-gray-50 px-3 py-2 text-sm">
            <p className="wrap-anywhere">{t('emailFilter.showing', { email: filter.email })}</p>
            <Button type="button" variant="outline" size="sm" onClick={clearEmail}>{t('emailFilter.clear')}</Button>
          </div>
        ) : null}
      </form>
      {error ? <p role="alert" className="mt-4 text-sm text-red-700">{error}</p> : null}
      <p role="status" className="mt-4 text-sm text-gray-600">{summary}</p>
      {rows.length > 0 ? (
        <ul className="mt-4 grid gap-4 aria-busy:opacity-60 md:grid-cols-2 xl:grid-cols-3" aria-busy={pending === 'filter' || undefined}>
          {rows.map((q) => <li key={q.id}><QuoteCard quote={q} onFollowUp={showFollowUp} /></li>)}
        </ul>
      ) : null}
      <LoadMore hasMore={list.nextCursor !== null && pending !== 'filter'} loading={pending === 'more'} onLoad={() => void load(filter, 'more')} />
    </>
  );
}

/**
 * One quote as SPEC's card shows it: number, customer, total, status ('Draft' if empty), service,
 * size, add-ons (with the calculator's extras, 0080), address, created; the booking cancelled since, with when and by whom (0073),
 * or the unpaid booking its state is about, with its hold or cancellation (0087); the
 * link to the live customer record with its address (0068); then the office's follow-ups and "Send
 * again" while no booking of it is going ahead (0059, 0073), or, at a code no longer served, why not
 * and the customer's phone (0104).
 */
function QuoteCard({ quote: q, onFollowUp }: { quote: Quote; onFollowUp: (sent: QuoteFollowUpResult) => void }) {
  const t = useTranslations('quotesAdmin');
  const td = useTranslations('adminDashboard');
  const tp = useTranslations('pricing');
  const locale = useLocale();
  const addOns = nameQuoteAddOns(q, t, tp);
  const custom = isCustomQuote(q);
  // wrap-anywhere: a long email address breaks instead of widening the card past a 320 px phone.
  return (
    <Card className="h-full wrap-anywhere">
      <CardHeader className="pb-3">
        {/* A long state ("Zahlung begonnen, nicht abgeschlossen") goes under the title on a phone rather
            than squeezing it until the card's wrap-anywhere cuts "Angebot" in two. */}
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-semibold wrap-normal">{t('number', { id: q.id })}</h2>
          <QuoteStateBadge status={q.status} t={t} />
        </div>
        {q.cancelledBooking ? <p className="text-sm text-gray-700">{describeCancelledBookingLine(q.cancelledBooking, locale, t)}</p> : null}
        {q.unpaidBooking ? <p className="text-sm text-gray-700"><UnpaidBookingLine booking={q.unpaidBooking} status={q.status} locale={locale} t={t} /></p> : null}
        <p className="text-sm">{q.customerName ?? td('na')}<br /><span className="text-gray-600">{q.customerEmail ?? td('na')}</span></p>
        {q.customer ? (
          <p className="text-sm">
            <a className="text-brand-800 underline" href={localePath(locale, `/customer-details?id=${q.customer.id}`)}>{t('customerLink', { name: q.customer.name })}</a>
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        {/* A custom-quote request has no price yet: not "$0.00" and "999 acres" (0078). */}
        {custom ? <p className="text-lg font-semibold">{t('customQuoteTotal')}</p> : <p className="text-2xl font-bold">{formatCad(q.totalCents, locale)}</p>}
        {/* The labels take at most 40% of the card: on a 320 px phone a long one ("Zweite Kontaktperson")
            wraps rather than squeezing the values until the card's wrap-anywhere cuts their words. */}
        <dl className="mt-3 grid grid-cols-[fit-content(40%)_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-gray-600">{t('service')}</dt><dd>{td.has(`services.${q.serviceType}`) ? td(`services.${q.serviceType}`) : q.serviceType}</dd>
          <dt className="text-gray-600">{t('propertySize')}</dt><dd>{custom ? t('acreage') : t('acres', { size: q.propertySize })}</dd>
          <dt className="text-gray-600">{t('addOns')}</dt><dd>{addOns.length ? addOns.join(', ') : t('none')}</dd>
          <dt className="text-gray-600">{t('address')}</dt>
          <dd>
            {formatAddressLine(q.address, q.city, q.postalCode) || td('na')}
            {/* A code the owner stopped serving after the quote was sent (0096): the office calls before the customer tries. */}
            {q.outsideServiceArea ? <OutsideAreaFlag flag={q.outsideServiceArea} for="quote" /> : null}
          </dd>
          {q.secondContact ? (
            <><dt className="text-gray-600">{t('secondContact')}</dt><dd>{[q.secondContact.name, q.secondContact.email, q.secondContact.phone].filter(Boolean).join(' · ')}</dd></>
          ) : null}
          {/* The customer's own words with the request, as they wrote them (0084). */}
          {q.notes ? <><dt className="text-gray-600">{t('specialRequests')}</dt><dd className="whitespace-pre-line">{q.notes}</dd></> : null}
          <dt className="text-gray-600">{t('created')}</dt><dd>{formatShortDate(q.createdAt, locale, td('invalidDate'))}</dd>
        </dl>
        {q.lastSentAt ? <p className="mt-3 text-sm text-gray-600">{describeLastFollowUp(q, locale, t)}</p> : null}
        {q.status === 'booked' ? null : q.outsideServiceArea ? (
          // Its link could not be booked (0104): the office calls instead of emailing an offer the customer cannot take.
          <p className="mt-4 text-sm text-gray-700" data-testid="follow-up-outside-area">
            {t('followUp.outsideArea')}
            {q.customerPhone?.trim() ? (
              <>
                {' '}
                <a className="font-medium whitespace-nowrap text-brand-800 underline" href={toTelHref(q.customerPhone)}>
                  {t('followUp.callCustomer', { phone: q.customerPhone.trim() })}
                </a>
              </>
            ) : null}
          </p>
        ) : (
          <div className="mt-4 flex justify-end">
            <QuoteFollowUpAction quoteId={q.id} recordName={t('number', { id: q.id })} onSent={onFollowUp} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** 'Last sent Nov 25, 2026, 3:42 PM by Office · sent again once'. */
function describeLastFollowUp(q: Quote, locale: string, t: ReturnType<typeof useTranslations<'quotesAdmin'>>): string {
  const date = formatShortDateTime(q.lastSentAt, locale) ?? '';
  return q.lastSentByName
    ? t('followUp.lastSent', { date, name: q.lastSentByName, count: q.followUpCount })
    : t('followUp.lastSentNoName', { date, count: q.followUpCount });
}
