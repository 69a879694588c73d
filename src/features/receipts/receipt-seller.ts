/**
 * The "Sold by" block of a receipt (docs/decisions/0040): the legal name, with "Operating as" the
 * display name when they differ (the display name alone without a legal name), the mailing
 * address and the GST/HST number when it is valid. Pure and client-safe: the receipt builder and
 * the business details screen's preview (0044) print it the same way.
 */
import { type EmailBranch, formatMailingAddress } from '@/features/email/email-layout';
import { readHstNumber } from './hst-number';

export type ReceiptSellerInput = EmailBranch & { legalName: string | null; hstNumber: string | null };
export type ReceiptSeller = { name: string; operatingAs: string | null; address: string | null; hstNumber: { label: string; value: string } | null };

export function describeReceiptSeller(seller: ReceiptSellerInput, t: (key: string, values?: Record<string, string>) => string): ReceiptSeller {
  const legalName = seller.legalName?.trim() || null;
  const hst = readHstNumber(seller.hstNumber);
  return {
    name: legalName ?? seller.displayName,
    operatingAs: legalName && legalName !== seller.displayName ? t('receipts.operatingAs', { name: seller.displayName }) : null,
    address: formatMailingAddress(seller),
    hstNumber: hst.kind === 'valid' ? { label: t('receipts.hstNumber'), value: hst.formatted } : null,
  };
}
