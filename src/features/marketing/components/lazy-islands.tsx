'use client';
import { createDeferredIsland } from './deferred-island';

/** The landing page's below-the-fold islands, each fetched when it nears the viewport. */
export const LazyFaqAccordion = createDeferredIsland(() => import('./faq-accordion').then((m) => m.FaqAccordion), ['faq']);
export const LazyTestimonialsCarousel = createDeferredIsland(
  () => import('./testimonials-carousel').then((m) => m.TestimonialsCarousel),
  ['testimonials'],
);
export const LazyContactForm = createDeferredIsland(
  () => Promise.all([import('@/i18n/with-island-intl'), import('@/features/contact/components/contact-form')])
    .then(([intl, m]) => intl.withIslandIntl(m.ContactForm)),
  ['contact'],
);
