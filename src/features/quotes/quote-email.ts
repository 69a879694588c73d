import 'server-only';
import { escapeHtml, formatLabelled, renderButton, renderEmailLayout, type EmailBranch } from '@/features/email/email-layout';
import { buildAddressUnsubscribePageUrl } from '@/features/marketing-email/unsubscribe-token';
import { formatTaxRatePercent, type PriceResult } from '@/features/pricing/pricing';
import { getTranslator } from '@/i18n/messages';
import { type Locale, routing, toLocale } from '@/i18n/routing';
import { formatLongDate } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { formatAddressLine } from '@/lib/address-line';
import { customerEmailFooter } from '@/features/email/email-footer';

export type QuoteEmailInput = {
  locale: string;
  branch: EmailBranch;
  /** Public site origin, e.g. https://escarpmentmosquito.ca (no trailing slash needed). */
  siteUrl: string;
  taxRateBps: number;
  quote: {
    id: number;
    token: string;
    customerName: string;
    /** The two fields the name was typed in (0070); absent or null on a quote sent without them. */
    customerFirstName?: string | null;
    customerLastName?: string | null;
    customerEmail: string;
    serviceType: string;
    propertySize: number;
    includeTick: boolean;
    includeTargetedInsects: boolean;
    address: string;
    /** The town and postal code the quote was asked for: the address line names them once (`formatAddressLine`, 0080). */
    city: string | null;
    postalCode: string | null;
    discountCode: string | null;
    /**
     * The special requests the customer wrote with the quote (0084), repeated to them as written
     * (0087); null when they wrote none. Required, so no caller can leave them out.
     */
    notes: string | null;
  };
  priced: PriceResult;
  /**
   * The office's follow-up from /quotes-admin (docs/decisions/0059): the branch calendar day the
   * customer asked for the quote, and the total it held before when today's prices (the ones this
   * email shows and its links charge) give another; null when the price is unchanged.
   */
  followUp?: { requestedOn: string; quotedTotalCents: number | null };
};

/** '' for English (unprefixed URLs), '/fr' etc. for the others (DECISIONS §8). */
function localePrefix(locale: string): string {
  return locale === routing.defaultLocale ? '' : `/${locale}`;
}

/** /book-quote with the quote's secret token, in the customer's language. */
export function buildBookQuoteUrl(siteUrl: string, locale: string, token: string): string {
  const url = new URL(`${localePrefix(locale)}/book-quote`, siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * The email's "Buy now" link: SPEC's direct-buy mode (`/?directBuy=true&...`), which shows the
 * 'Direct Purchase' toast and forwards the same values to /checkout-new. Besides SPEC's values it
 * carries the quote's secret token, so /checkout-new loads the saved quote and the server prices
 * and charges its discount code and extras; the other values keep the link readable. A quote that
 * kept the first and last name as typed carries them too (`firstName`, `lastName` beside SPEC's
 * `name`), so a compound first name reaches /checkout-new whole (0070).
 */
export function buildDirectBuyUrl(siteUrl: string, locale: string, quote: QuoteEmailInput['quote'], totalPrice: number): string {
  const url = new URL(localePrefix(locale) || '/', siteUrl);
  url.searchParams.set('directBuy', 'true');
  const params: Record<string, string> = {
    service: quote.serviceType,
    size: String(quote.propertySize),
    includeTick: String(quote.includeTick),
    includeStandingWater: String(quote.includeTargetedInsects),
    address: quote.address,
    email: quote.customerEmail,
    name: quote.customerName,
    ...(quote.customerFirstName && quote.customerLastName ? { firstName: quote.customerFirstName, lastName: quote.customerLastName } : {}),
    price: String(totalPrice),
    quoteToken: quote.token,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** The quote email (subject, HTML and plain text) in the customer's language. */
export function renderQuoteEmail(input: QuoteEmailInput): { subject: string; html: string; text: string } {
  const locale = toLocale(input.locale);
  const t = getTranslator(locale);
  const { quote, priced, branch } = input;
  const money = (cents: number) => formatMoney(cents, locale);
  const service = t(`pricing.services.${quote.serviceType}`);
  const rate = formatTaxRatePercent(input.taxRateBps / 10_000, locale);
  const { followUp } = input;
  // A follow-up says when they asked and, if the prices moved since, that these are today's.
  const intro = followUp
    ? [t('quotes.email.followUpIntro', { date: formatLongDate(followUp.requestedOn, locale, { weekday: false }) })]
    : [t('quotes.email.intro')];
  if (followUp && followUp.quotedTotalCents !== null && followUp.quotedTotalCents !== priced.totalCents) {
    intro.push(t('quotes.email.followUpNewPrice', { previous: money(followUp.quotedTotalCents) }));
  }

  const rows: [string, string][] = priced.lines.map((line) => [t(line.labelKey, { quantity: line.quantity }), money(line.amountCents)]);
  if (priced.premiumCents !== 0) rows.push([t('quotes.email.premiumArea'), money(priced.premiumCents)]);
  if (priced.discountCents > 0) rows.push([t('quotes.email.discount', { code: quote.discountCode ?? '' }), money(-priced.discountCents)]);
  const totals: [string, string][] = [
    [t('quotes.email.subtotal'), money(priced.subtotalCents)],
    [t('quotes.email.hst', { rate }), money(priced.taxCents)],
    [t('quotes.email.total'), money(priced.totalCents)],
  ];
  const facts: [string, string][] = [
    [t('quotes.email.service'), service],
    [t('quotes.email.propertySize'), priced.customQuote ? t('pricing.lotSize.customQuote') : t('quotes.email.acres', { acres: quote.propertySize })],
    [t('quotes.email.address'), formatAddressLine(quote.address, quote.city, quote.postalCode)],
  ];

  // The customer's own words, as they typed them: escaped, their line breaks kept (0087).
  const notes = quote.notes?.trim() || null;
  const notesLabel = t('quotes.email.specialRequests');

  const bookUrl = buildBookQuoteUrl(input.siteUrl, locale, quote.token);
  // The address it goes to can say "no more" without a customer record (0066); the outbox adds the one-click headers.
  const unsubscribeUrl = buildAddressUnsubscribePageUrl(locale, quote.customerEmail, input.siteUrl);
  const buyUrl = buildDirectBuyUrl(input.siteUrl, locale, quote, priced.totalPrice);
  const cell = 'padding:6px 0;border-bottom:1px solid #e5e7eb';
  const tableRows = (list: [string, string][], bold = false) =>
    list.map(([label, value], i) => {
      const weight = bold && i === list.length - 1 ? 'font-weight:bold;' : '';
      return `<tr><td style="${cell};${weight}">${escapeHtml(label)}</td><td style="${cell};text-align:right;${weight}">${escapeHtml(value)}</td></tr>`;
    }).join('');

  // The first name as typed when the quote kept it (0070), as the booking emails greet; older quotes the full name.
  const greetingName = quote.customerFirstName?.trim() || quote.customerName;
  const bodyHtml = [
    `<p>${escapeHtml(t('quotes.email.greeting', { name: greetingName }))}</p>`,
    ...intro.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<table role="presentation" style="width:100%;border-collapse:collapse;margin:12px 0">${tableRows(facts)}</table>`,
    ...(notes ? [`<p><strong>${escapeHtml(notesLabel)}</strong><br><span style="white-space:pre-line">${escapeHtml(notes)}</span></p>`] : []),
    priced.customQuote
      ? `<p style="background:#fef3c7;padding:12px;border-radius:6px">${escapeHtml(t('quotes.email.customQuote'))}</p>`
      : `<table role="presentation" style="width:100%;border-collapse:collapse;margin:12px 0">${tableRows(rows)}${tableRows(totals, true)}</table>
<p>${escapeHtml(t('quotes.email.linksIntro'))}</p>
<p>${renderButton(bookUrl, t('quotes.email.bookCta'))}${renderButton(buyUrl, t('quotes.email.buyCta'))}</p>`,
    `<p style="font-size:13px;color:#6b7280">${escapeHtml(t('quotes.email.disclaimer'))}<br>${escapeHtml(t('quotes.email.quoteNumber', { id: quote.id }))}</p>`,
    // The quote invites a purchase ("Buy now"): CASL wants the reason for the email and a way to stop them.
    `<p style="font-size:13px;color:#6b7280">${escapeHtml(t('quotes.email.whyReceived'))}<br>${escapeHtml(t('quotes.email.unsubscribeIntro'))} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280">${escapeHtml(t('quotes.email.unsubscribe'))}</a></p>`,
  ].join('\n');

  const line = ([label, value]: [string, string]) => formatLabelled(locale, label, value);
  const bodyText = [
    t('quotes.email.greeting', { name: greetingName }),
    '',
    ...intro.flatMap((paragraph) => [paragraph, '']),
    ...facts.map(line),
    '',
    ...(notes ? [formatLabelled(locale, notesLabel), notes, ''] : []),
    ...(priced.customQuote
      ? [t('quotes.email.customQuote')]
      : [...rows.map(line), '', ...totals.map(line), '', t('quotes.email.linksIntro'), formatLabelled(locale, t('quotes.email.bookCta'), bookUrl), formatLabelled(locale, t('quotes.email.buyCta'), buyUrl)]),
    '',
    t('quotes.email.disclaimer'),
    t('quotes.email.quoteNumber', { id: quote.id }),
    '',
    t('quotes.email.whyReceived'),
    t('quotes.email.unsubscribeIntro'),
    formatLabelled(locale, t('quotes.email.unsubscribe'), unsubscribeUrl),
  ].join('\n');

  const { html, text } = renderEmailLayout({
    branch,
    locale,
    heading: t('quotes.email.heading'),
    bodyHtml,
    bodyText,
    footer: customerEmailFooter(locale, branch),
  });
  return { subject: t(followUp ? 'quotes.email.followUpSubject' : 'quotes.email.subject', { service, company: branch.displayName }), html, text };
}

/** Staff notifications are written in the office language, as the other staff emails are. */
export const STAFF_EMAIL_LOCALE: Locale = 'en';

export type CustomQuoteStaffEmailInput = {
  branch: EmailBranch;
  siteUrl: string;
  /** The customer's language, so staff know which one to answer in. */
  customerLocale: string;
  quote: Pick<QuoteEmailInput['quote'], 'id' | 'customerName' | 'customerEmail' | 'serviceType' | 'includeTick' | 'includeTargetedInsects' | 'address' | 'city' | 'postalCode'> & {
    customerPhone: string | null;
    extras: readonly string[];
    secondContact: { name: string; email: string; phone: string } | null;
    /** The customer's special requests (0084); null when they wrote none. */
    notes?: string | null;
  };
};

/**
 * The office's notice of a custom-quote request (acreage: the site cannot price it and told the
 * customer we would get back to them), with what staff need to call back and a link to the quotes
 * admin. In the staff language, whatever the customer's.
 */
export function renderCustomQuoteStaffEmail(input: CustomQuoteStaffEmailInput): { locale: Locale; subject: string; html: string; text: string } {
  const locale = STAFF_EMAIL_LOCALE;
  const t = getTranslator(locale);
  const { quote, branch } = input;
  const addOns = [
    quote.includeTick ? t('pricing.lines.tick-addon') : null,
    quote.includeTargetedInsects ? t('pricing.lines.targeted-insects-addon') : null,
    ...quote.extras.map((code) => t(`pricing.lines.${code}`)),
  ].filter((label): label is string => label !== null);
  const customerLocale = toLocale(input.customerLocale);
  const second = quote.secondContact ? [quote.secondContact.name, quote.secondContact.email, quote.secondContact.phone].filter(Boolean).join(' · ') : null;
  const number = t('quotes.staffEmail.number', { id: quote.id });
  const facts: [string, string][] = [
    [t('quotes.staffEmail.quoteNumber'), number],
    [t('quotes.staffEmail.customer'), quote.customerName],
    [t('quotes.staffEmail.email'), quote.customerEmail],
    [t('quotes.staffEmail.phone'), quote.customerPhone?.trim() || t('quotes.staffEmail.notGiven')],
    [t('quotes.staffEmail.address'), formatAddressLine(quote.address, quote.city, quote.postalCode)],
    // The calculator's own words for the custom-quote size: its "Acreage" is over 2 acres (DECISIONS §1, 0084).
    [t('quotes.staffEmail.propertySize'), t('calculator.sizes.acreage')],
    [t('quotes.staffEmail.plan'), t(`pricing.services.${quote.serviceType}`)],
    [t('quotes.staffEmail.addOns'), addOns.length ? addOns.join(', ') : t('quotes.staffEmail.none')],
    [t('quotes.staffEmail.language'), new Intl.DisplayNames([locale], { type: 'language' }).of(customerLocale) ?? customerLocale],
    ...(second ? [[t('quotes.staffEmail.secondContact'), second] as [string, string]] : []),
    ...(quote.notes ? [[t('quotes.staffEmail.specialRequests'), quote.notes] as [string, string]] : []),
  ];
  const adminUrl = new URL(`${localePrefix(locale)}/quotes-admin`, input.siteUrl).toString();

  const bodyHtml = [
    `<p>${escapeHtml(t('quotes.staffEmail.intro', { name: quote.customerName }))}</p>`,
    `<table role="presentation" style="width:100%;border-collapse:collapse">${facts
      // pre-line: the customer's special requests keep the lines they wrote them in.
      .map(([k, v]) => `<tr><td style="padding:4px 8px 4px 0;color:#6b7280;vertical-align:top">${escapeHtml(k)}</td><td style="padding:4px 0;white-space:pre-line">${escapeHtml(v)}</td></tr>`)
      .join('')}</table>`,
    `<p style="margin-top:16px">${escapeHtml(t('quotes.staffEmail.action'))}</p>`,
    `<p>${renderButton(adminUrl, t('quotes.staffEmail.adminCta'))}</p>`,
    `<p style="font-size:13px;color:#6b7280">${escapeHtml(adminUrl)}</p>`,
  ].join('\n');
  const bodyText = [
    t('quotes.staffEmail.intro', { name: quote.customerName }),
    '',
    ...facts.map(([label, value]) => formatLabelled(locale, label, value)),
    '',
    t('quotes.staffEmail.action'),
    formatLabelled(locale, t('quotes.staffEmail.adminCta'), adminUrl),
  ].join('\n');
  const { html, text } = renderEmailLayout({ branch, locale, heading: t('quotes.staffEmail.heading'), bodyHtml, bodyText, footer: t('quotes.staffEmail.footer') });
  return { locale, subject: t('quotes.staffEmail.subject', { number, name: quote.customerName }), html, text };
}
