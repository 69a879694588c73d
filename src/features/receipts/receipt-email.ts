import 'server-only';
import { escapeHtml, formatLabelled, renderButton, renderEmailLayout, type EmailBranch } from '@/features/email/email-layout';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import type { Receipt, ReceiptRow } from './receipt';
import { customerEmailFooter } from '@/features/email/email-footer';

const MUTED = 'color:#6b7280';

function renderRowsHtml(locale: string, rows: readonly ReceiptRow[], options: { boldLast?: boolean } = {}): string {
  return `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 12px">${rows
    .map((row, i) => {
      const strong = options.boldLast && i === rows.length - 1 ? 'font-weight:bold;' : '';
      return `<tr><td style="padding:4px 8px 4px 0;${MUTED};vertical-align:top">${escapeHtml(formatLabelled(locale, row.label))}</td><td style="padding:4px 0;${strong}text-align:right">${escapeHtml(row.value)}</td></tr>`;
    })
    .join('')}</table>`;
}

const heading = (text: string) => `<p style="margin:16px 0 4px;font-weight:bold">${escapeHtml(text)}</p>`;
const lines = (parts: readonly (string | null)[]) => parts.filter((p): p is string => Boolean(p)).map(escapeHtml).join('<br>');

/**
 * The receipt itself, as an email shows it (the same content as the printable page, from
 * `buildReceipt`): HTML with inline styles and the matching plain text.
 */
export function renderReceiptBlock(receipt: Receipt, locale: string): { html: string; text: string } {
  const labelled = (row: ReceiptRow) => formatLabelled(locale, row.label, row.value);
  const seller = [receipt.seller.name, receipt.seller.operatingAs, receipt.seller.address, receipt.seller.hstNumber ? labelled(receipt.seller.hstNumber) : null];
  const billedTo = [receipt.billedTo.name, receipt.billedTo.address ? labelled(receipt.billedTo.address) : null];
  const itemRows: ReceiptRow[] = receipt.items.map((item) => ({ label: item.label, value: item.amount ?? '' }));
  const refundRows: ReceiptRow[] = receipt.refunds.flatMap((r) => [{ label: r.label, value: r.amount }, { label: r.hstLabel, value: r.hst }]);

  const html = [
    renderRowsHtml(locale, receipt.facts),
    heading(receipt.headings.seller),
    `<p style="margin:0 0 12px">${lines(seller)}</p>`,
    heading(receipt.headings.billedTo),
    `<p style="margin:0 0 12px">${lines(billedTo)}</p>`,
    heading(receipt.headings.description),
    receipt.itemised
      ? renderRowsHtml(locale, itemRows)
      : `<ul style="margin:0 0 12px;padding-left:20px">${receipt.items.map((item) => `<li>${escapeHtml(item.label)}</li>`).join('')}</ul>`,
    ...(receipt.service.length > 0 ? [renderRowsHtml(locale, receipt.service)] : []),
    renderRowsHtml(locale, receipt.amounts, { boldLast: true }),
    ...(receipt.refunds.length > 0
      ? [heading(receipt.headings.refunds), renderRowsHtml(locale, refundRows), ...(receipt.afterRefunds.length > 0 ? [renderRowsHtml(locale, receipt.afterRefunds)] : [])]
      : []),
    `<p style="margin:0 0 12px;font-size:13px;${MUTED}">${escapeHtml(receipt.currencyNote)}</p>`,
  ].join('\n');

  const text = [
    receipt.facts.map(labelled).join('\n'),
    [formatLabelled(locale, receipt.headings.seller), ...seller.filter(Boolean)].join('\n'),
    [formatLabelled(locale, receipt.headings.billedTo), ...billedTo.filter(Boolean)].join('\n'),
    [formatLabelled(locale, receipt.headings.description), ...(receipt.itemised ? itemRows.map(labelled) : receipt.items.map((item) => `- ${item.label}`)), ...receipt.service.map(labelled)].join('\n'),
    receipt.amounts.map(labelled).join('\n'),
    ...(receipt.refunds.length > 0
      ? [[formatLabelled(locale, receipt.headings.refunds), ...refundRows.map(labelled), ...receipt.afterRefunds.map(labelled)].join('\n')]
      : []),
    receipt.currencyNote,
  ].join('\n\n');
  return { html, text };
}

/** "View or print your receipt" with the page's link, for any email that carries a receipt. */
export function renderReceiptLink(locale: Locale, url: string): { html: string; text: string } {
  const t = getTranslator(locale, 'receipts');
  return {
    html: `<p style="margin:0 0 12px">${escapeHtml(t('email.pageLine'))}<br>${renderButton(url, t('email.pageButton'))}</p>`,
    text: `${t('email.pageLine')}\n${url}`,
  };
}

export type ReceiptCopyEmailInput = {
  locale: Locale;
  /** The branch row (`getBranch()`): identity and mailing address in the footer, the phone. */
  branch: EmailBranch;
  customerFirstName: string;
  receipt: Receipt;
  bookingRef: string;
  /** The receipt's page (`buildReceiptPageUrl`). */
  pageUrl: string;
};

/** A copy of a receipt, sent again by the office: the receipt and its page, in the booking's language. */
export function renderReceiptCopyEmail(input: ReceiptCopyEmailInput): { subject: string; html: string; text: string } {
  const { locale, receipt } = input;
  const t = getTranslator(locale, 'receipts');
  const block = renderReceiptBlock(receipt, locale);
  const link = renderReceiptLink(locale, input.pageUrl);
  const greeting = t('email.greeting', { name: input.customerFirstName });
  const intro = t('email.copyIntro', { reference: input.bookingRef });
  const bodyHtml = [`<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>`, `<p style="margin:0 0 12px">${escapeHtml(intro)}</p>`, block.html, link.html].join('\n');
  const bodyText = [greeting, intro, block.text, link.text].join('\n\n');
  const { html, text } = renderEmailLayout({
    branch: input.branch,
    locale,
    heading: t('email.copyHeading'),
    bodyHtml,
    bodyText,
    footer: customerEmailFooter(locale, input.branch),
  });
  return { subject: t('email.copySubject', { number: receipt.number }), html, text };
}
