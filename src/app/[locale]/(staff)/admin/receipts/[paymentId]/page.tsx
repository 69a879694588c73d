import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button';
import { localePath } from '@/components/site/locale-paths';
import { PrintButton } from '@/features/receipts/components/print-button';
import { ReceiptDocument } from '@/features/receipts/components/receipt-document';
import { loadStaffReceipt } from '@/features/receipts/receipt.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { isLocale } from '@/i18n/routing';
import { readRecordId } from '@/lib/route-param';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** The office's view of a payment's receipt (docs/decisions/0040): the customer's receipt, in the staff member's language. */
export default async function StaffReceiptPage({ params }: { params: Promise<{ locale: string; paymentId?: string }> }) {
  const { locale, paymentId } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const id = readRecordId(paymentId);
  await requireStaff({ can: 'officeWork', redirectTo: `/admin/receipts/${id ?? ''}`, locale });
  const [t, found] = await Promise.all([getTranslations({ locale, namespace: 'receipts' }), loadStaffReceipt(id, locale)]);
  if (!found) notFound();
  return (
    <div className="px-4 py-8 sm:py-10 print:p-0">
      <div className="mx-auto max-w-3xl space-y-4">
        <a className="inline-block text-sm font-semibold text-brand-800 underline print:hidden" href={localePath(locale, '/admin')}>{t('backToDashboard')}</a>
        <ReceiptDocument receipt={found.receipt} actions={<PrintButton label={t('print')} className={buttonVariants({ variant: 'outline' })} />} />
      </div>
    </div>
  );
}
