import 'server-only';
import { escapeHtml, formatLabelled, renderEmailLayout, type EmailBranch } from '@/features/email/email-layout';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { formatLongDayAndTime } from '@/lib/format';
import type { ContactMessageRequest } from './contact.schema';
import { describeContactSubject } from './contact-subjects';
import { composeMessageReply, greetingName } from './message-reply';

const paragraphs = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

/** The acknowledgement the visitor gets, in their language. */
export function renderContactAckEmail(message: ContactMessageRequest, locale: Locale, branch: EmailBranch) {
  const t = getTranslator(locale);
  const subject = describeContactSubject(message.subject, (code) => t(`contactForm.subjects.${code}`));
  const greeting = t('contact.ack.greeting', { name: greetingName(message.name) });
  const bodyHtml = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t('contact.ack.body'))}</p>
<p style="color:#6b7280;margin-bottom:4px">${escapeHtml(formatLabelled(locale, t('contact.ack.subjectLabel'), subject))}</p>
<blockquote style="margin:0;padding:8px 12px;border-left:3px solid #f59e0b;background:#f9fafb">${paragraphs(message.message)}</blockquote>`;
  const bodyText = `${greeting}\n\n${t('contact.ack.body')}\n\n${formatLabelled(locale, t('contact.ack.subjectLabel'), subject)}\n${formatLabelled(locale, t('contact.ack.yourMessage'))}\n${message.message}`;
  const { html, text } = renderEmailLayout({ branch, locale, heading: t('contact.ack.heading'), bodyHtml, bodyText, footer: t('email.footer', { phone: branch.phone }) });
  return { subject: t('contact.ack.subject'), html, text };
}

/** The notification staff get (in English, the office language), with reply-ready details. */
export function renderStaffNotificationEmail(message: ContactMessageRequest, visitorLocale: Locale, branch: EmailBranch, staffLocale: Locale = 'en') {
  const t = getTranslator(staffLocale);
  const facts: [string, string][] = [
    [t('contact.staff.from'), message.name],
    [t('contact.staff.email'), message.email],
    // A visitor need not give a phone: written as every staff screen writes a missing value.
    [t('contact.staff.phone'), message.phone || t('adminDashboard.na')],
    [t('contact.staff.subjectLabel'), describeContactSubject(message.subject, (code) => t(`contactForm.subjects.${code}`))],
    // 'French', not 'fr': staff answer in it (as the custom-quote notice names it).
    [t('contact.staff.language'), new Intl.DisplayNames([staffLocale], { type: 'language' }).of(visitorLocale) ?? visitorLocale],
  ];
  const bodyHtml = `<table role="presentation" style="width:100%;border-collapse:collapse">${facts
    .map(([k, v]) => `<tr><td style="padding:4px 8px 4px 0;color:#6b7280">${escapeHtml(k)}</td><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`)
    .join('')}</table>
<p style="margin-top:16px;color:#6b7280">${escapeHtml(t('contact.staff.message'))}</p>
<blockquote style="margin:0;padding:8px 12px;border-left:3px solid #1f2937;background:#f9fafb">${paragraphs(message.message)}</blockquote>`;
  const bodyText = `${facts.map(([k, v]) => formatLabelled(staffLocale, k, v)).join('\n')}\n\n${formatLabelled(staffLocale, t('contact.staff.message'))}\n${message.message}`;
  const { html, text } = renderEmailLayout({ branch, locale: staffLocale, heading: t('contact.staff.heading'), bodyHtml, bodyText, footer: t('email.footer', { phone: branch.phone }) });
  return { subject: t('contact.staff.subject', { name: message.name }), html, text };
}

/**
 * The office's answer to a contact message, in the visitor's language: the reply (greeted once,
 * see `composeMessageReply`), then what they wrote and when, so the thread reads on its own in any
 * mail client.
 */
export function renderMessageReplyEmail(
  message: { name: string; subject: string; content: string; createdAt: Date },
  reply: string,
  locale: Locale,
  branch: EmailBranch & { timezone: string },
) {
  const t = getTranslator(locale);
  const subject = describeContactSubject(message.subject, (code) => t(`contactForm.subjects.${code}`));
  // The day in words, as a letter writes it ("el 25 de noviembre de 2026 a las 23:42"), in the branch's time (0112).
  const written = formatLongDayAndTime(message.createdAt, locale, branch.timezone);
  const wrote = t('contact.reply.youWrote', { date: written.day, time: written.time });
  // The letter as the dialog's preview showed it: no second greeting when the office wrote one (0063).
  const letter = composeMessageReply({ reply, name: message.name, branch }, t);
  const bodyHtml = `${letter.greeting === null ? '' : `<p>${escapeHtml(letter.greeting)}</p>\n`}<p>${paragraphs(letter.body)}</p>
<p style="color:#6b7280;margin:24px 0 4px">${escapeHtml(wrote)}</p>
<blockquote style="margin:0;padding:8px 12px;border-left:3px solid #d1d5db;background:#f9fafb;color:#4b5563">${paragraphs(message.content)}</blockquote>`;
  const quoted = message.content.split(/\r?\n/).map((line) => `> ${line}`).join('\n');
  const bodyText = `${letter.greeting === null ? '' : `${letter.greeting}\n\n`}${letter.body}\n\n${wrote}\n${quoted}`;
  const { html, text } = renderEmailLayout({ branch, locale, heading: t('contact.reply.heading'), bodyHtml, bodyText, footer: letter.footer });
  return { subject: t('contact.reply.subject', { subject }), html, text };
}
