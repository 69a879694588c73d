import { getTranslations } from 'next-intl/server';
import { Badge, statusBadgeVariant } from '@/components/ui/badge';
import { localePath } from '@/components/site/locale-paths';
import { describeContactSubject } from '@/features/contact/contact-subjects';
import type { Locale } from '@/i18n/routing';
import { formatShortDateTime } from '@/lib/format';
import { inboxMessagePath } from '../inbox-path';

type CustomerMessage = {
  id: number;
  subject: string;
  content: string;
  status: string;
  responseContent: string | null;
  respondedAt: string | null;
  createdAt: string;
};

/**
 * The customer page's "Messages" (0112): the contact messages written from the customer's address,
 * newest first, each with its subject, status and the office's reply, its date a link to the message
 * on the dashboard's Messages tab. `count` is how many there are in all; past the ones listed, the
 * page says so. An erased customer (0049) gets an empty list: the page shows no section then.
 */
export async function CustomerMessages({ messages, count, locale }: { messages: CustomerMessage[]; count: number; locale: Locale }) {
  const [t, ts] = await Promise.all([
    getTranslations({ locale, namespace: 'adminDashboard' }),
    getTranslations({ locale, namespace: 'contactForm.subjects' }),
  ]);
  return (
    <section aria-labelledby="customer-messages-heading">
      <h2 id="customer-messages-heading" className="text-xl font-semibold">{t('customerMessages.heading')}</h2>
      {messages.length === 0 ? <p className="mt-3 rounded-lg border border-gray-200 p-3 text-sm text-gray-600">{t('customerMessages.empty')}</p> : (
        <ul className="mt-3 divide-y divide-gray-100 rounded-lg border border-gray-200">
          {messages.map((m) => (
            <li key={m.id} className="space-y-2 p-3 text-sm" data-testid="customer-message">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <a className="font-medium text-brand-800 underline" href={localePath(locale, inboxMessagePath(m.id))}>
                    {formatShortDateTime(m.createdAt, locale, t('invalidDate'))}
                  </a>
                  {' · '}{describeContactSubject(m.subject, (code) => ts(code))}
                </span>
                <Badge variant={statusBadgeVariant(m.status)}>{t.has(`statuses.${m.status}`) ? t(`statuses.${m.status}`) : m.status}</Badge>
              </div>
              <p className="whitespace-pre-wrap text-gray-900 wrap-anywhere">{m.content}</p>
              {m.responseContent !== null ? (
                <div className="border-l-4 border-brand-500 pl-3 text-gray-700">
                  <p className="text-xs font-medium text-gray-600">{t('reply.repliedOn', { date: formatShortDateTime(m.respondedAt, locale, t('invalidDate')) ?? '' })}</p>
                  <p className="whitespace-pre-wrap wrap-anywhere">{m.responseContent}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {count > messages.length ? <p className="mt-2 text-sm text-gray-600">{t('customerMessages.more', { shown: messages.length, count })}</p> : null}
    </section>
  );
}
