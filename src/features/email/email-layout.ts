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
<p style="font-size:13px;color:#6b7280;text-align:center;margin:16px 0 0">${footer === null ? '' : `${escapeHtml(footer)}<br>`}${escapeHtml(identity)}<br>${escapeHtml(branch.phone)} · <a href="mailto:${escapeHtml(branch.email)}" style="color:#6b7280">${escapeHtml(branch.email)}</a></p>
</div>
</body>
</html>`;
  const text = `${branch.displayName}\n\n${input.heading}\n\n${input.bodyText.trim()}\n\n--\n${footer === null ? '' : `${footer}\n`}${identity}\n${branch.phone} · ${branch.email}\n`;
  return { html, text };
}
