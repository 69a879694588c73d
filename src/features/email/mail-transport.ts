import 'server-only';
import nodemailer from 'nodemailer';
import { getEnv } from '@/env';
import type { OutboxAttachment } from '@/db/schema/messages';

export type MailMessage = {
  from: string;
  to: string;
  /** The address "Reply" answers, when it is not `from`. */
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  attachments?: OutboxAttachment[] | null;
  /** Extra header lines (a promotional email's List-Unsubscribe and List-Unsubscribe-Post, 0043). */
  headers?: Record<string, string> | null;
};

/** How the outbox worker hands a message to the outside world (SMTP in production, fakes in tests). */
export interface MailTransport {
  send(message: MailMessage): Promise<{ messageId: string }>;
}

/** At most about 1.5 minutes for one message: connecting (DNS included), the greeting, and silence mid-send. */
export const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 15_000, socketTimeout: 60_000 } as const;

/** An SMTP transport from an `smtp://user:pass@host:port` URL (`smtps://` for implicit TLS). */
export function createSmtpTransport(url: string): MailTransport {
  // Bounded waits (nodemailer's defaults allow 2 minutes to connect and 10 of silence), so one
  // slow server cannot hold a claimed batch past the outbox's reclaim window (outbox.service).
  // Parameters in the URL (`?socketTimeout=`) still win.
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      const info = await transporter.sendMail({
        from: message.from,
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
        ...(message.headers ? { headers: message.headers } : {}),
      });
      return { messageId: String(info.messageId ?? '') };
    },
  };
}

const globalForMail = globalThis as unknown as { __mailTransport?: { url: string; transport: MailTransport } };

/** The SMTP transport when SMTP_URL is set; otherwise null, and mail waits in the outbox for staff. */
export function getMailTransport(): MailTransport | null {
  const url = getEnv().SMTP_URL;
  if (!url) return null;
  if (globalForMail.__mailTransport?.url !== url) globalForMail.__mailTransport = { url, transport: createSmtpTransport(url) };
  return globalForMail.__mailTransport.transport;
}
