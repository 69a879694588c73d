import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';

/**
 * The footer line of an email to a customer: call the branch, or reply (MAIL_FROM is the office's
 * own mailbox, so a reply reaches someone). One sentence for every such email, in the reader's language.
 */
export function customerEmailFooter(locale: Locale, branch: { phone: string }): string {
  return getTranslator(locale, 'email')('footer', { phone: branch.phone });
}
