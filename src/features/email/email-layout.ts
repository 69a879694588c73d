/**
 * The shared look of every email: a plain, table-free HTML layout with inline styles (mail clients
 * drop <style> blocks) and a matching plain-text part. Strings arrive translated.
 */
export type EmailBranch = {
  displayName: string;
  /** In its display form, as `getBranch()` gives it: `(905) 555-0134`. */
  phone: string;
  email: string;
  /**
   * The business's mailing address, as the branch row holds it. CASL wants it in every commercial
   * email with a phone or email contact; pass the branch row from `getBranch()` itself. Required
   * (0076), so a caller that copies only some fields does not compile rather than send an email
   * without it.
   */
  address: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
};

/** '1 Hunter St E, Hamilton, ON L8N 3W1'; null when the branch has no street address. */
export function formatMailingAddress(branch: EmailBranch): string | null {
  const street = branch.address?.trim();
  if (!street) return null;
  const region = [branch.province?.trim(), branch.postalCode?.trim()].filter(Boolean).join(' ');
  return [street, branch.city?.trim(), region].filter(Boolean).join(', ');
}

export type EmailLayoutInput = {
  branch: EmailBranch;
  locale: string;
  /** Heading at the top of the email. */
  heading: string;
  /** Inner HTML, already escaped where it holds user data. */
  bodyHtml: string;
  /** The same content as plain text. */
  bodyText: string;
  /** Footer line, e.g. "Questions? Call {phone}" already translated. */
  footer: string;
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * "Label: value" the way the reader's language writes it: French puts a no-break space before the
 * colon ("Total payé : 99,00 $"). Without a value, the label and its colon alone.
 */
export function formatLabelled(locale: string, label: string, value?: string): string {
  const colon = locale === 'fr' ? '\u00A0:' : ':';
  return value === undefined ? `${label}${colon}` : `${label}${colon} ${value}`;
}

/** Who an email is from, as its closing names them: 'Escarpment Mosquito & Tick, 1 Hunter St E, Hamilton, ON L8N 3W1'. */
export function describeSender(branch: EmailBranch): string {
  const mailing = formatMailingAddress(branch);
  return mailing ? `${branch.displayName}, ${mailing}` : branch.displayName;
}

/** A button-like link that survives clients that ignore CSS classes. */
export function renderButton(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;background:#f59e0b;color:#1f2937;font-weight:bold;text-decoration:none;padding:12px 20px;border-radius:6px;margin:4px 8px 4px 0">${escapeHtml(label)}</a>`;
}

const CLOSING_OPEN = '<p style="font-size:13px;color:#6b7280;text-align:center;margin:16px 0 0">';
/** The plain-text part's closing follows its last line of two dashes. */
const TEXT_CLOSING_MARK = '\n\n--\n';

/** The closing's HTML after its opening tag: the footer line (escaped, or none), who sent it, phone and email. */
function renderClosingHtml(footerHtml: string | null, branch: EmailBranch): string {
  return `${footerHtml === null ? '' : `${footerHtml}<br>`}${escapeHtml(describeSender(branch))}<br>${escapeHtml(branch.phone)} · <a href="mailto:${escapeHtml(branch.email)}" style="color:#6b7280">${escapeHtml(branch.email)}</a></p>`;
}

/** The plain-text closing after its two dashes. */
function renderClosingText(footer: string | null, branch: EmailBranch): string {
  return `${footer === null ? '' : `${footer}\n`}${describeSender(branch)}\n${branch.phone} · ${branch.email}\n`;
}

/**
 * Every email ends with who sent it and how to reach them: name, mailing address, phone and email
 * (the identification CASL asks of commercial email, transactional ones included).
 */
export function renderEmailLayout(input: EmailLayoutInput): { html: string; text: string } {
  const { branch } = input;
  const identity = describeSender(branch);
  // The office's alerts pass the business name as their footer: the identity line below already
  // says it, so it is not written twice.
  const footer = [branch.displayName, identity].includes(input.footer.trim()) ? null : input.footer;
  const html = `<!doctype html>
<html lang="${escapeHtml(input.locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(input.heading)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:600px;margin:0 auto;padding:24px 16px">
<div style="background:#1f2937;color:#ffffff;padding:16px 24px;border-radius:8px 8px 0 0;font-size:18px;font-weight:bold">${escapeHtml(branch.displayName)}</div>
<div style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px;line-height:1.5">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(input.heading)}</h1>
${input.bodyHtml}
</div>
${CLOSING_OPEN}${renderClosingHtml(footer === null ? null : escapeHtml(footer), branch)}
</div>
</body>
</html>`;
  const text = `${branch.displayName}\n\n${input.heading}\n\n${input.bodyText.trim()}${TEXT_CLOSING_MARK}${renderClosingText(footer, branch)}`;
  return { html, text };
}

/**
 * An email written by `renderEmailLayout` with the business's contact details as they are now
 * (0099): its closing (the footer line's phone, the mailing address, the phone and the email) is
 * written again from `branch`, so an email that waited in the outbox while the owner changed them at
 * /business gives the customer the phone that answers today. Only the closing the layout wrote is
 * touched, found after the body (the last closing paragraph, the last two dashes): the body keeps
 * what it was written with, the customer's and the office's own words and a receipt's seller (the
 * seller at the payment, 0076) included. An email the layout did not write, or one from another
 * business name, comes back as it is; so does one already current.
 */
export function refreshEmailContact(content: { html: string; text: string }, branch: EmailBranch): { html: string; text: string } {
  const text = refreshClosingText(content.text, branch);
  const html = refreshClosingHtml(content.html, branch);
  if (text === null || html === null) return content;
  return { html, text };
}

/** Whether `identity` is the closing's sender line of this business: its name, alone or with an address. */
function isSenderOf(identity: string, branch: EmailBranch): boolean {
  return identity === branch.displayName || identity.startsWith(`${branch.displayName}, `);
}

function refreshClosingText(text: string, branch: EmailBranch): string | null {
  const at = text.lastIndexOf(TEXT_CLOSING_MARK);
  if (at < 0 || !text.endsWith('\n')) return null;
  const lines = text.slice(at + TEXT_CLOSING_MARK.length, -1).split('\n');
  const contact = lines.at(-1)!;
  const identity = lines.at(-2);
  const split = contact.indexOf(' · ');
  if (identity === undefined || split < 0 || !isSenderOf(identity, branch)) return null;
  const oldPhone = contact.slice(0, split);
  const footer = lines.length > 2 ? lines.slice(0, -2).join('\n').split(oldPhone).join(branch.phone) : null;
  return `${text.slice(0, at)}${TEXT_CLOSING_MARK}${renderClosingText(footer, branch)}`;
}

function refreshClosingHtml(html: string, branch: EmailBranch): string | null {
  const at = html.lastIndexOf(CLOSING_OPEN);
  if (at < 0) return null;
  const start = at + CLOSING_OPEN.length;
  const end = html.indexOf('</p>', start);
  if (end < 0) return null;
  const parts = html.slice(start, end).split('<br>');
  const contact = parts.at(-1)!;
  const identity = parts.at(-2);
  const split = contact.indexOf(' · <a href="mailto:');
  if (identity === undefined || split < 0 || parts.length > 3 || !isSenderOf(unescapeHtml(identity), branch)) return null;
  const oldPhone = contact.slice(0, split);
  const footer = parts.length === 3 ? parts[0]!.split(oldPhone).join(escapeHtml(branch.phone)) : null;
  return `${html.slice(0, at)}${CLOSING_OPEN}${renderClosingHtml(footer, branch)}${html.slice(end + '</p>'.length)}`;
}

const HTML_UNESCAPES: Record<string, string> = Object.fromEntries(Object.entries(HTML_ESCAPES).map(([c, e]) => [e, c]));

function unescapeHtml(value: string): string {
  return value.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => HTML_UNESCAPES[e]!);
}
