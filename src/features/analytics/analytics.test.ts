import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsPlanId, computeEventValue, configureAnalytics, CONSENT_STORAGE_KEY, isPrivateAddress, trackEvent, withoutPrivateParams } from './analytics';

function fakeWindow(consent: string | null, href = 'https://example.test/') {
  const store = new Map<string, string>(consent ? [[CONSENT_STORAGE_KEY, consent]] : []);
  const fbq = vi.fn();
  const win = {
    location: { href },
    localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) },
    fbq,
    gtag: vi.fn(),
  };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', { createElement: () => ({}), head: { appendChild: vi.fn() } });
  return win;
}

afterEach(() => {
  vi.unstubAllGlobals();
  configureAnalytics({});
});

describe('analytics value (SPEC §7)', () => {
  it('is the pre-tax total × 1.13, or the after-tax total as is', () => {
    expect(computeEventValue({ preTaxTotal: 99 })).toBe(111.87);
    expect(computeEventValue({ totalCents: 41245 })).toBe(412.45);
    expect(computeEventValue({})).toBeUndefined();
  });
  it('numbers plans 1 onetime, 2 seasonal, else 3', () => {
    expect([analyticsPlanId('onetime'), analyticsPlanId('seasonal'), analyticsPlanId('tick-seasonal')]).toEqual([1, 2, 3]);
  });
});

describe('trackEvent (DECISIONS §11)', () => {
  it('sends nothing without configured ids, even with consent', () => {
    const win = fakeWindow('granted');
    expect(trackEvent('Schedule', { totalCents: 11187 })).toBe(false);
    expect(win.fbq).not.toHaveBeenCalled();
  });
  it('sends nothing with ids but without consent, or after a refusal', () => {
    configureAnalytics({ metaPixelId: '123' });
    for (const consent of [null, 'denied']) {
      const win = fakeWindow(consent);
      expect(trackEvent('Lead')).toBe(false);
      expect(win.fbq).not.toHaveBeenCalled();
    }
  });
  it('tracks with ids and consent, in CAD', () => {
    configureAnalytics({ metaPixelId: '123' });
    const win = fakeWindow('granted');
    expect(trackEvent('Schedule', { preTaxTotal: 99 })).toBe(true);
    expect(win.fbq).toHaveBeenCalledWith('track', 'Schedule', { currency: 'CAD', value: 111.87 });
  });
  it('sends nothing while the address carries a quote link, a booking reference or a payment secret', () => {
    configureAnalytics({ metaPixelId: '123', googleAdsId: 'AW-1' });
    for (const href of [
      'https://example.test/book-quote?token=abc',
      'https://example.test/fr/checkout/12?ref=BK-7H3K9QZ2WX',
      'https://example.test/payment-confirmation?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded',
    ]) {
      const win = fakeWindow('granted', href);
      expect(trackEvent('Purchase', { totalCents: 32318, transactionId: 'pi_1' }), href).toBe(false);
      expect(win.fbq).not.toHaveBeenCalled();
      expect(win.gtag).not.toHaveBeenCalled();
    }
    const win = fakeWindow('granted', 'https://example.test/payment-success?payment_intent=pi_1&amount=32318');
    expect(trackEvent('Purchase', { totalCents: 32318, transactionId: 'pi_1' })).toBe(true);
    expect(win.fbq).toHaveBeenCalledWith('track', 'Purchase', { currency: 'CAD', value: 323.18 });
  });
});

describe('withoutPrivateParams', () => {
  it('drops only the private parameters, and says when there were none', () => {
    expect(withoutPrivateParams('https://example.test/payment-confirmation?payment_intent=pi_1&payment_intent_client_secret=s&redirect_status=succeeded'))
      .toBe('https://example.test/payment-confirmation?payment_intent=pi_1&redirect_status=succeeded');
    expect(withoutPrivateParams('https://example.test/book-quote?token=abc#top')).toBe('https://example.test/book-quote#top');
    expect(withoutPrivateParams('https://example.test/?serviceType=seasonal&propertySize=0.5')).toBeNull();
  });

  it('counts the quote email\'s "Buy now" address as private: it carries the quote\'s key and the customer\'s name, email and address', () => {
    const buyNow = 'https://example.test/fr?directBuy=true&service=seasonal&size=0.25&address=12+King+St+W&email=m%40example.com&name=Marie+Tremblay&price=286&quoteToken=abc';
    expect(withoutPrivateParams(buyNow)).not.toBeNull();
    expect(withoutPrivateParams(buyNow)).not.toContain('quoteToken');
  });

  it('counts a /checkout-new address with the service request\'s name, email, phone or street as private', () => {
    const request = 'https://example.test/checkout-new?service=onetime&size=0.25&address=12+King+St+W&city=Hamilton&postalCode=L8P+1A1&name=Ana+Ruiz&email=ana%40example.com&phone=905-555-0101';
    expect(withoutPrivateParams(request)).toBe('https://example.test/checkout-new?service=onetime&size=0.25&city=Hamilton');
    for (const name of ['name', 'email', 'phone', 'address', 'postalCode', 'firstName', 'lastName']) {
      expect(withoutPrivateParams(`https://example.test/checkout-new?service=onetime&${name}=x`), name).not.toBeNull();
    }
  });
});

describe('private paths (decision 0032)', () => {
  it('keeps the pixels off a customer\'s Manage your booking page in every language, and only there', () => {
    configureAnalytics({ metaPixelId: '123', googleAdsId: 'AW-1' });
    for (const href of ['https://example.test/manage-booking/AbC_d-1234567890abcdefghijklmnopqrstuvwxyz', 'https://example.test/fr/manage-booking/AbC_d-1234567890abcdefghij']) {
      expect(isPrivateAddress(href), href).toBe(true);
      const win = fakeWindow('granted', href);
      expect(trackEvent('Purchase', { totalCents: 11187 }), href).toBe(false);
      expect(win.fbq).not.toHaveBeenCalled();
    }
    expect(isPrivateAddress('https://example.test/book')).toBe(false);
    expect(isPrivateAddress('https://example.test/fr/manage-bookings-guide')).toBe(false);
  });
});
