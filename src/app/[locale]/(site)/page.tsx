import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { localePath } from '@/components/site/locale-paths';
import { getBranch, getPublicBranchInfo } from '@/features/branch/branch.service';
import { loadBookingFormProps } from '@/features/booking/components/booking-props';
import { AboutSection } from '@/features/marketing/components/about-section';
import { ContactSection } from '@/features/marketing/components/contact-section';
import { DirectBuyRedirect } from '@/features/marketing/components/direct-buy-redirect';
import { LazyBookingSection } from '@/features/marketing/components/lazy-booking-section';
import { HashSettle } from '@/features/marketing/components/hash-settle';
import { FaqSection, loadFaqItems } from '@/features/marketing/components/faq-section';
import { HeroSection } from '@/features/marketing/components/hero-section';
import { HowItWorksSection } from '@/features/marketing/components/how-it-works-section';
import { PricingSection } from '@/features/marketing/components/pricing-section';
import { ProcessSection } from '@/features/marketing/components/process-section';
import { PromoHost } from '@/features/marketing/components/promo-host';
import { findHeroSummer, findMidseasonOffer } from '@/features/marketing/midseason-offer';
import { countVisits } from '@/features/pricing/pricing';
import { scheduleRulesOf } from '@/features/scheduling/available-dates';
import { ServiceAreaSection } from '@/features/marketing/components/service-area-section';
import { TestimonialsSection } from '@/features/marketing/components/testimonials-section';
import { QuoteSection } from '@/features/quote-calculator/components/quote-section';
import { loadCalculatorSettings } from '@/features/quote-calculator/load-calculator-settings';
import { buildAlternates } from '@/features/seo/alternates';
import { FaqJsonLd, LocalBusinessJsonLd, ServiceOffersJsonLd } from '@/features/seo/json-ld-scripts';
import { formatMoney } from '@/lib/money';
import { MIDSEASON_DISCOUNT } from '@/features/pricing/discount';
import { IslandMessagesProvider } from '@/i18n/island-messages';
import { pickMessages } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';

/** Canonical and hreflang alternates (x-default: English) of the home page itself. */
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  return { alternates: buildAlternates(locale, '/') };
}

/** The landing page (SPEC "Landing page (/)"): server-rendered sections in SPEC's order, small islands. */
export default async function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [t, tPromo, branch, publicInfo, settings, booking] = await Promise.all([
    getTranslations({ locale, namespace: 'home' }),
    getTranslations({ locale, namespace: 'promo' }),
    getBranch(),
    getPublicBranchInfo(),
    loadCalculatorSettings(),
    loadBookingFormProps(),
  ]);
  const faqItems = await loadFaqItems(locale, settings.servedPrefixes);
  const promo = settings.promoDiscounts.find((d) => d.code === MIDSEASON_DISCOUNT.code) ?? MIDSEASON_DISCOUNT;
  // Decided here, per request, so that off-season the popup's code is not even sent (0081); the
  // hero's "this summer" follows the same decision (0100).
  const offer = findMidseasonOffer(new Date(), { ...scheduleRulesOf(branch), seasonalVisits: countVisits(settings.priceTable, 'seasonal') });
  const saving = formatMoney(promo.discountValue, locale).replace(/[.,]00(?=\D*$)/, '');

  return (
    <IslandMessagesProvider locale={locale} messages={pickMessages(locale, ['calculator', 'pricing', 'booking', 'contactForm', 'errors', 'marketingConsent'])}>
      <HeroSection locale={locale} summer={findHeroSummer(offer)} />
      <ProcessSection locale={locale} />
      <PricingSection locale={locale} priceTable={settings.priceTable} offer={offer} />
      <QuoteSection locale={locale} settings={settings} />
      {/* The booking feature's section (what its BookingSection renders), fetched only when it is opened. */}
      <LazyBookingSection pricing={booking.pricing} schedule={booking.schedule} pathPrefix={locale === 'en' ? '' : `/${locale}`} businessName={booking.businessName} />
      <HowItWorksSection locale={locale} />
      <ServiceAreaSection
        locale={locale}
        servedPrefixes={settings.servedPrefixes}
        depot={{ latitude: branch.settings.depotLatitude, longitude: branch.settings.depotLongitude }}
      />
      <FaqSection locale={locale} items={faqItems} />
      <ContactSection locale={locale} branch={publicInfo} />
      <AboutSection locale={locale} />
      <TestimonialsSection locale={locale} />
      {offer.running && <PromoHost
        quotePath={localePath(locale, '/#quote')}
        texts={{
          title: tPromo('title'), subtitle: tPromo('subtitle'), description: tPromo('description'), treatments: tPromo('treatments'),
          save: tPromo('save', { amount: saving }), code: tPromo('code', { code: MIDSEASON_DISCOUNT.code }), claim: tPromo('claim'), close: tPromo('close'),
        }}
      />}
      <HashSettle />
      {/* Structured data for search (server-rendered, no client JavaScript): the FAQ is the one shown above. */}
      <LocalBusinessJsonLd locale={locale} path={localePath(locale, '/')} />
      <ServiceOffersJsonLd locale={locale} />
      <FaqJsonLd items={faqItems} />
      <DirectBuyRedirect
        checkoutPath={localePath(locale, '/checkout-new')}
        title={t('directBuy.title')}
        template={t('directBuy.body', { service: '{service}' })}
        serviceNames={{
          onetime: t('directBuy.services.onetime'), seasonal: t('directBuy.services.seasonal'),
          'tick-seasonal': t('directBuy.services.tick'), tick: t('directBuy.services.tick'),
        }}
      />
    </IslandMessagesProvider>
  );
}
