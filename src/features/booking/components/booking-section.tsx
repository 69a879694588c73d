import { NextIntlClientProvider } from 'next-intl';
import { pickMessages } from '@/i18n/messages';
import { toLocale } from '@/i18n/routing';
import { loadBookingFormProps } from './booking-props';
import { BookingSectionIsland } from './booking-section-island';

/** The landing page's booking block (#schedule / #appointment-section), hidden until asked for. */
export async function BookingSection({ locale }: { locale: string }) {
  const loc = toLocale(locale);
  const { pricing, schedule, businessName } = await loadBookingFormProps();
  return (
    <NextIntlClientProvider locale={loc} messages={pickMessages(loc, ['booking', 'errors', 'marketingConsent'])}>
      <BookingSectionIsland pricing={pricing} schedule={schedule} pathPrefix={loc === 'en' ? '' : `/${loc}`} businessName={businessName} />
    </NextIntlClientProvider>
  );
}
