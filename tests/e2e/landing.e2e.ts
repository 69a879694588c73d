import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MIDSEASON_DISCOUNT } from '@/features/pricing/discount';
import { DEFAULT_PRICE_TABLE, type ExtraCode, type PricedServiceType } from '@/features/pricing/price-table';
import { calculatePrice } from '@/features/pricing/pricing';
import { formatMoney } from '@/lib/money';
import { setupBrowser } from './support/browser';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

/** SPEC's landing order (the booking block is hidden until asked for, but keeps its place). */
const SECTION_ORDER = ['process', 'pricing', 'quote', 'appointment-section', 'how-it-works', 'service-area', 'faq', 'contact', 'about', 'testimonials'];
const SPEC_ANCHORS = ['pricing', 'about', 'testimonials', 'faq', 'contact', 'quote', 'quote-section', 'schedule', 'appointment-section', 'onetime', 'seasonal', 'consult'];

/** Toast text (Radix also copies it into a live region, hence the first exact match). */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

const normalise = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The popup would cover the page in tests that are not about it. */
async function skipPromo(context: BrowserContext) {
  await context.addInitScript(() => sessionStorage.setItem('hasSeenPromo', 'true'));
}

function expectedPrice(input: {
  serviceType: PricedServiceType; propertySize: number; includeTick?: boolean; includeTargetedInsects?: boolean;
  extras?: ExtraCode[]; address: string; discount?: boolean;
}) {
  return calculatePrice(
    {
      serviceType: input.serviceType, propertySize: input.propertySize, includeTick: input.includeTick ?? false,
      includeTargetedInsects: input.includeTargetedInsects ?? false, extras: input.extras ?? [], address: input.address,
    },
    { priceTable: DEFAULT_PRICE_TABLE, taxRate: 0.13, discount: input.discount ? MIDSEASON_DISCOUNT : null },
  );
}

async function readTotals(page: Page) {
  const calc = page.locator('#quote');
  return {
    subtotal: normalise(await calc.getByTestId('subtotal').textContent()),
    tax: normalise(await calc.getByTestId('tax').textContent()),
    total: normalise(await calc.getByTestId('total').textContent()),
  };
}

function moneyOf(result: ReturnType<typeof expectedPrice>, locale: string) {
  return {
    subtotal: normalise(formatMoney(result.subtotalCents, locale)),
    tax: normalise(formatMoney(result.taxCents, locale)),
    total: normalise(formatMoney(result.totalCents, locale)),
  };
}

async function openCalculator(page: Page, path = '/#quote') {
  await page.goto(path);
  await page.locator('#quote').getByLabel('First name').waitFor();
}

async function fillCustomer(page: Page, values: { first: string; last: string; email: string; phone: string; address: string; postal: string }) {
  const calc = page.locator('#quote');
  await calc.getByLabel('First name').fill(values.first);
  await calc.getByLabel('Last name').fill(values.last);
  await calc.getByLabel('Email address').fill(values.email);
  await calc.getByLabel('Phone number').fill(values.phone);
  await calc.getByLabel('Service address').fill(values.address);
  await calc.getByLabel('Postal code').fill(values.postal);
}

describe('landing page (en)', () => {
  it('has every section in SPEC order, every anchor, and scrolls to the hash', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByText("Don't let mosquitoes keep you inside this summer. Go ahead, sit outside").isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Get a Free Quote' }).getAttribute('href')).toBe('#quote-section');
    expect(await page.getByRole('link', { name: 'Schedule Service' }).getAttribute('href')).toBe('#quote');
    for (const claim of ['90% fewer mosquitoes, guaranteed or free re-treatment', 'Join 2,000+ satisfied customers']) {
      expect(await page.getByText(claim).first().isVisible()).toBe(true);
    }

    const inOrder = await page.evaluate((ids) => ids.every((id, i) => {
      if (i === 0) return true;
      const prev = document.getElementById(ids[i - 1]!);
      const cur = document.getElementById(id);
      return !!prev && !!cur && (prev.compareDocumentPosition(cur) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    }), SECTION_ORDER);
    expect(inOrder).toBe(true);
    const missing = await page.evaluate((ids) => ids.filter((id) => !document.getElementById(id)), SPEC_ANCHORS);
    expect(missing).toEqual([]);
    expect(await page.getByRole('heading', { name: 'How It Works' }).isVisible()).toBe(true);
    for (const step of ['Expert Assessment', 'Barrier Application', 'Breeding Site Treatment', 'Residual Protection', 'Continuous Defense', 'Immediate Impact', 'Comprehensive Protection', 'Long-Term Results']) {
      expect(await page.getByRole('heading', { name: step }).count()).toBe(1);
    }

    await page.goto('/#faq');
    await page.waitForFunction(() => {
      const top = document.getElementById('faq')?.getBoundingClientRect().top ?? 9999;
      return Math.abs(top) < 200;
    }, undefined, { timeout: 5000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the midseason popup once, reopens it on demand, and claiming selects seasonal with MIDSEASON', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    const dialog = page.getByRole('dialog', { name: 'Full Season Protection' });
    await dialog.waitFor();
    expect(await dialog.getByText('MIDSEASON SPECIAL', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByText('SAVE $79').isVisible()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('hasSeenPromo'))).toBe('true');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Scrolling past the pricing again in the same session does not show it again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await page.waitForTimeout(600);
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'View Special Offer' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'CLAIM YOUR MIDSEASON SPECIAL' }).click();
    await page.waitForURL((url) => url.hash === '#quote');
    const calc = page.locator('#quote');
    await calc.getByText('Code MIDSEASON applied').waitFor();
    expect(await calc.getByRole('radio', { name: /Seasonal Mosquito Protection/ }).isChecked()).toBe(true);
    const expected = expectedPrice({ serviceType: 'seasonal', propertySize: 0.25, address: 'not provided', discount: true });
    expect(expected.discountCents).toBe(7900);
    expect(await readTotals(page)).toEqual(moneyOf(expected, 'en'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prices several configurations exactly as the pricing engine does', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    await openCalculator(page);
    const calc = page.locator('#quote');

    await calc.getByLabel('Service address').fill('12 King St W, Hamilton');
    expect(await readTotals(page)).toEqual(moneyOf(expectedPrice({ serviceType: 'onetime', propertySize: 0.25, address: '12 King St W, Hamilton' }), 'en'));
    expect(normalise(await calc.getByTestId('total').textContent())).toBe('$111.87');

    await calc.getByRole('radio', { name: /Seasonal Mosquito Protection/ }).check();
    await calc.getByLabel('Property size').selectOption('0.75');
    await calc.getByLabel('Tick control').check();
    await calc.getByLabel(/Targeted insects/).check();
    await calc.getByLabel('Service address').fill('40 Wilson St, Ancaster');
    expect(await readTotals(page)).toEqual(moneyOf(expectedPrice({
      serviceType: 'seasonal', propertySize: 0.75, includeTick: true, includeTargetedInsects: true, address: '40 Wilson St, Ancaster',
    }), 'en'));

    await calc.getByRole('radio', { name: /Seasonal Tick Protection/ }).check();
    expect(await calc.getByLabel('Tick control').count()).toBe(0);
    await calc.getByLabel('Property size').selectOption('0.5');
    await calc.getByLabel(/Natural barrier with repelling plants/).check();
    expect(await readTotals(page)).toEqual(moneyOf(expectedPrice({
      serviceType: 'tick-seasonal', propertySize: 0.5, includeTargetedInsects: true, extras: ['natural-barrier'], address: '40 Wilson St, Ancaster',
    }), 'en'));
    expect(normalise(await calc.getByTestId('pre-tax-total').textContent())).toContain('+ HST');

    await calc.getByLabel('Property size').selectOption('999');
    await toastText(page, 'Custom Quote Required').waitFor();
    expect(await calc.getByRole('button', { name: 'Request Quote' }).isVisible()).toBe(true);
    expect(await calc.getByTestId('total').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prefills from the query string and cleans the URL', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    await page.goto('/?serviceType=seasonal&propertySize=0.5&includeTick=true&name=Ann%20Lee&address=5%20Main%20St%20Dundas&email=ann%40example.ca');
    const calc = page.locator('#quote');
    await calc.getByLabel('First name').waitFor();
    await page.waitForFunction(() => window.location.search === '');
    expect(await calc.getByLabel('First name').inputValue()).toBe('Ann');
    expect(await calc.getByLabel('Last name').inputValue()).toBe('Lee');
    expect(await calc.getByLabel('Email address').inputValue()).toBe('ann@example.ca');
    expect(await calc.getByRole('radio', { name: /Seasonal Mosquito Protection/ }).isChecked()).toBe(true);
    expect(await calc.getByLabel('Tick control').isChecked()).toBe(true);
    expect(await readTotals(page)).toEqual(moneyOf(expectedPrice({
      serviceType: 'seasonal', propertySize: 0.5, includeTick: true, address: '5 Main St Dundas',
    }), 'en'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the quote by email from the modal and queues the email', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    await openCalculator(page);
    const calc = page.locator('#quote');
    await calc.getByRole('button', { name: 'Send Quote by Email' }).click();
    await toastText(page, 'Please provide your address to get a quote by email.').waitFor();

    const email = `landing-${Date.now()}@example.ca`;
    await fillCustomer(page, { first: 'Grace', last: 'Hopper', email, phone: '', address: '88 James St S, Hamilton', postal: 'L8P 2Y9' });
    await calc.getByRole('button', { name: 'Send Quote by Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Quote to Your Email' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Email address').inputValue()).toBe(email);
    const send = dialog.getByRole('button', { name: 'Send My Quote' });
    expect(await send.isDisabled()).toBe(true); // phone still empty
    await dialog.getByLabel('Phone number').fill('905-555-0199');
    expect(await send.isEnabled()).toBe(true);
    await send.click();
    await toastText(page, 'Your personalized quote has been sent to your email.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);

    await signInAsAdmin(page);
    const outbox = (await (await page.request.get('/api/outbox')).json()) as { emails: { toAddress: string; kind: string }[] };
    expect(outbox.emails.some((e) => e.toAddress === email && e.kind === 'quote')).toBe(true);
    await context.close();
  });

  it('lists the server Fridays, refuses an incomplete booking and books a complete one', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    await openCalculator(page);
    const calc = page.locator('#quote');
    const dateSelect = calc.getByLabel('Preferred service date');
    await page.waitForFunction(() => {
      const select = document.querySelector('#quote select[name="date"]') as HTMLSelectElement | null;
      return !!select && !select.disabled && select.value !== '';
    });
    const server = (await (await page.request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
    expect(await dateSelect.inputValue()).toBe(server.dates[0]);
    expect(await dateSelect.locator('option').count()).toBe(server.dates.length);

    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await toastText(page, 'Please fill in all required fields including your preferred service date before booking.').waitFor();

    await fillCustomer(page, { first: 'Alan', last: 'Turing', email: `book-${Date.now()}@example.ca`, phone: '905-555-0142', address: '71 Main St W, Hamilton', postal: 'L8P 4Y5' });
    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForURL(/\/checkout\?appointmentId=\d+/);
    const checkout = await page.evaluate(() => JSON.parse(sessionStorage.getItem('checkoutData') ?? '{}') as Record<string, unknown>);
    expect(checkout.serviceType).toBe('onetime');
    expect(checkout.totalPrice).toBe(99);
    expect(checkout.postalCode).toBe('L8P 4Y5');
    expect(String(checkout.appointmentId)).toBe(new URL(page.url()).searchParams.get('appointmentId'));
    expect(errors.filter((e) => !/checkout|payment/i.test(e))).toEqual([]);
    await context.close();
  });

  it('forwards a direct-buy link to /checkout-new with the same values', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    await page.goto('/?directBuy=true&service=seasonal&size=0.75&includeTick=true&address=12%20King%20St&email=ann%40example.ca&name=Ann%20Lee&price=412');
    await toastText(page, 'Direct Purchase').waitFor();
    expect(await toastText(page, 'Processing your seasonal service request...').isVisible()).toBe(true);
    const before = [...errors];
    await page.waitForURL(/\/checkout-new\?/);
    const params = new URL(page.url()).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      service: 'seasonal', size: '0.75', includeTick: 'true', address: '12 King St', email: 'ann@example.ca', name: 'Ann Lee', price: '412',
    });
    expect(before).toEqual([]);
    await context.close();
  });

  it('opens one FAQ answer at a time and pages the testimonials within bounds', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 1280, height: 900 } });
    await skipPromo(context);
    await page.goto('/#faq');
    const faq = page.locator('#faq');
    await faq.locator('[data-state]').first().waitFor();
    const first = faq.getByRole('button', { name: 'Why do you only treat on Fridays?' });
    const second = faq.getByRole('button', { name: 'Is the treatment safe for children and pets?' });
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    await second.click();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await second.getAttribute('aria-expanded')).toBe('true');
    await second.click();
    expect(await second.getAttribute('aria-expanded')).toBe('false');
    expect(await faq.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('#contact');

    await page.locator('#testimonials').scrollIntoViewIfNeeded();
    const section = page.locator('#testimonials');
    const previous = section.getByRole('button', { name: 'Previous testimonial' });
    const next = section.getByRole('button', { name: 'Next testimonial' });
    await previous.waitFor();
    expect(await previous.isDisabled()).toBe(true);
    expect(await section.getByRole('button', { name: /Go to testimonial/ }).count()).toBe(3);
    await next.click();
    await next.click();
    expect(await next.isDisabled()).toBe(true);
    expect(await previous.isEnabled()).toBe(true);
    expect(await section.getByRole('link', { name: 'Schedule your treatment' }).getAttribute('href')).toBe('#schedule');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForFunction(() => document.querySelectorAll('#testimonials [aria-label^="Go to testimonial"]').length === 5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a plan card selects its plan in the calculator and opens the booking section', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    await page.goto('/');
    await page.locator('#seasonal').getByRole('button', { name: 'Choose Seasonal' }).click();
    const calc = page.locator('#quote');
    await calc.getByLabel('First name').waitFor();
    await page.waitForFunction(() => (document.querySelector('#quote input[value="seasonal"]') as HTMLInputElement | null)?.checked === true);
    expect(await page.evaluate(() => [localStorage.getItem('selectedServiceType'), localStorage.getItem('selectedPlanId')])).toEqual(['seasonal', '2']);
    await page.locator('#appointment-section:not([hidden])').waitFor();
    expect(await page.locator('#appointment-section').count()).toBe(1);
    expect(await page.locator('#schedule').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the branch contact facts and the contact form', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    await page.goto('/#contact');
    const contact = page.locator('#contact');
    expect(await contact.getByRole('link', { name: '(905) 555-0134' }).isVisible()).toBe(true);
    expect(await contact.getByRole('link', { name: 'hello@escarpmentmosquito.ca' }).isVisible()).toBe(true);
    await contact.getByRole('button', { name: 'Send Message' }).waitFor();
    expect(await contact.getByLabel('Message').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no axe violations with every island loaded and with the popup open', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    await page.goto('/#quote');
    await page.locator('#quote').getByLabel('First name').waitFor();
    for (const id of ['faq', 'contact', 'testimonials']) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    }
    await page.locator('#testimonials').getByRole('button', { name: 'Next testimonial' }).waitFor();
    await page.locator('#contact').getByRole('button', { name: 'Send Message' }).waitFor();
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
    const summarise = (violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[]) =>
      violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    expect(summarise((await new AxeBuilder({ page }).withTags(tags).analyze()).violations)).toEqual([]);

    await page.getByRole('button', { name: 'View Special Offer' }).click();
    await page.getByRole('dialog', { name: 'Full Season Protection' }).waitFor();
    await page.waitForTimeout(300);
    expect(summarise((await new AxeBuilder({ page }).withTags(tags).analyze()).violations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('checks a postal code and draws the service-area map', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    await page.goto('/#service-area');
    const area = page.locator('#service-area');
    expect(await area.getByRole('heading', { name: 'Greater Hamilton Area' }).isVisible()).toBe(true);
    await area.getByRole('img', { name: /Map of the served towns/ }).waitFor();
    await area.getByLabel('Check your postal code').fill('l9g 3k2');
    await area.getByRole('button', { name: 'Check' }).click();
    await area.getByText('Good news: we serve Ancaster.').waitFor();
    await area.getByLabel('Check your postal code').fill('M5V 2T6');
    await area.getByRole('button', { name: 'Check' }).click();
    await area.getByText("We're sorry, but we don't currently service the M5V 2T6 area. Please contact us for alternatives.").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no horizontal scroll at 320 px, including the islands that load on the way down', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 320, height: 640 } });
    await skipPromo(context);
    await page.goto('/');
    for (let y = 0; y < 30; y += 1) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(60);
    }
    await page.locator('#quote').getByLabel('First name').waitFor();
    await page.locator('#testimonials').getByRole('button', { name: 'Next testimonial' }).waitFor();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('landing page weight', () => {
  /** Gzipped size of every script a page loads before the visitor scrolls, by URL. */
  async function measureScripts(path: string): Promise<{ sizes: Map<string, number>; heavy: string[] }> {
    const { page, context, errors } = await newPage({ viewport: { width: 412, height: 823 } });
    const sizes = new Map<string, number>();
    const heavy: string[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(res.body().then((body) => {
        sizes.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length);
        // Markers of the form and schema libraries the deferred islands bring.
        if (body.includes('ZodError') || body.includes('shouldUnregister')) heavy.push(res.url());
      }, () => {}));
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    expect(errors).toEqual([]);
    await context.close();
    return { sizes, heavy };
  }

  it('loads at most 170 KB of JavaScript before the visitor scrolls, none of it the heavy islands', async () => {
    const { sizes: landing, heavy } = await measureScripts('/');
    const { sizes: shared } = await measureScripts('/privacy');
    const sum = (entries: Iterable<number>) => [...entries].reduce((a, b) => a + b, 0);
    const own = sum([...landing].filter(([url]) => !shared.has(url)).map(([, size]) => size));
    const total = sum(landing.values());
    console.info(`first-load JS on /: ${(total / 1024).toFixed(1)} KB gzip in ${landing.size} files, ${(own / 1024).toFixed(1)} KB of it the landing page's own`);
    // Everything heavy (calculator, booking form, popup, carousel, accordion, contact form) waits
    // until it is needed; the rest is the framework, the shell and the islands' translations.
    expect(total).toBeLessThanOrEqual(170 * 1024);
    expect(heavy).toEqual([]);
  });

  it('loads at most 150 KB of JavaScript on a city page', async () => {
    const { sizes } = await measureScripts('/hamilton');
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    console.info(`first-load JS on /hamilton: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.size} files`);
    expect(total).toBeLessThanOrEqual(150 * 1024);
  });
});

describe('landing page (fr)', () => {
  it('shows the page in French, with the popup claim and calculator prices in French format', async () => {
    const { page, context, errors } = await newPage({ locale: 'fr-CA' });
    await page.goto('/fr');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.getByRole('link', { name: 'Obtenir une soumission gratuite' }).getAttribute('href')).toBe('#quote-section');
    expect(await page.getByRole('heading', { name: 'Composez votre forfait sur mesure' }).isVisible()).toBe(true);
    const missing = await page.evaluate((ids) => ids.filter((id) => !document.getElementById(id)), SPEC_ANCHORS);
    expect(missing).toEqual([]);

    await page.locator('#pricing').scrollIntoViewIfNeeded();
    const dialog = page.getByRole('dialog', { name: 'Protection pour toute la saison' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'PROFITER DE MON SPÉCIAL MI-SAISON' }).click();
    await page.waitForURL((url) => url.pathname === '/fr' && url.hash === '#quote');
    const calc = page.locator('#quote');
    await calc.getByText('Code MIDSEASON appliqué').waitFor();
    expect(await calc.getByRole('radio', { name: /Protection saisonnière contre les moustiques/ }).isChecked()).toBe(true);
    await calc.getByLabel('Adresse du service').fill('1 Main St W, Hamilton');
    await calc.getByLabel('Taille du terrain').selectOption('0.5');
    expect(await readTotals(page)).toEqual(moneyOf(expectedPrice({
      serviceType: 'seasonal', propertySize: 0.5, address: '1 Main St W, Hamilton', discount: true,
    }), 'fr'));
    expect(normalise(await calc.getByTestId('pre-tax-total').textContent())).toContain('+ TVH');

    await calc.getByRole('button', { name: 'Acheter maintenant' }).click();
    await toastText(page, 'Renseignements manquants').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a German visitor to the German page with translated sections', async () => {
    const { page, context, errors } = await newPage({ locale: 'de-DE' });
    await skipPromo(context);
    await page.goto('/de#faq');
    expect(await page.getByRole('heading', { name: 'Häufige Fragen' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'So funktioniert es' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sonderangebot ansehen' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
