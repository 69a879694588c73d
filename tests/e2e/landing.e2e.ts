import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MIDSEASON_DISCOUNT } from '@/features/pricing/discount';
import { DEFAULT_PRICE_TABLE, type ExtraCode, type PricedServiceType } from '@/features/pricing/price-table';
import { calculatePrice } from '@/features/pricing/pricing';
import { formatMoney } from '@/lib/money';
import { COMPILE_HINT } from '../../scripts/compile-hints';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { clickHydratedLink } from './support/hydration';
import { toast } from './support/toast';
import { fillCalculatorCustomer } from './support/calculator';
import { HERO_SUMMER, MIDSEASON_OFFER } from './support/midseason';
import { signInAsAdmin } from './support/staff';

const { newPage, baseURL } = setupBrowser();

/** SPEC's landing order (the booking block is hidden until asked for, but keeps its place). */
const SECTION_ORDER = ['process', 'pricing', 'quote', 'appointment-section', 'how-it-works', 'service-area', 'faq', 'contact', 'about', 'testimonials'];
const SPEC_ANCHORS = ['pricing', 'about', 'testimonials', 'faq', 'contact', 'quote', 'quote-section', 'schedule', 'appointment-section', 'onetime', 'seasonal', 'consult'];


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

/** True when SPEC's landing sections all exist and follow each other in the document. */
function sectionsInOrder(page: Page): Promise<boolean> {
  return page.evaluate((ids) => ids.every((id, i) => {
    if (i === 0) return true;
    const prev = document.getElementById(ids[i - 1]!);
    const cur = document.getElementById(id);
    return !!prev && !!cur && (prev.compareDocumentPosition(cur) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  }), SECTION_ORDER);
}

/** What the structured-data scripts on the page declare, by schema.org type. */
async function readJsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((b) => [JSON.parse(b) as Record<string, unknown> | Record<string, unknown>[]].flat());
}
const typeOf = (d: Record<string, unknown>) => [d['@type']].flat().join('+');

/** Contact submissions are rate-limited per client address: each test that posts gets its own. */
let clientNo = 0;
const ownClient = () => ({ extraHTTPHeaders: { 'x-real-ip': `198.51.100.${(clientNo += 1) + 20}` } });

/** Opens the calculator and answers its locator once the form is there. */
async function openCalculator(page: Page, path = '/#quote') {
  await page.goto(path);
  const calc = page.locator('#quote');
  await calc.getByLabel('First name').waitFor();
  return calc;
}

/** Waits until the date picker holds the server's Fridays (enabled, first one chosen). */
async function waitForFridays(page: Page) {
  await page.waitForFunction(() => {
    const select = document.querySelector('#quote select[name="date"]') as HTMLSelectElement | null;
    return !!select && !select.disabled && select.value !== '';
  });
}


describe('landing page (en)', () => {
  it('has every section in SPEC order, every anchor, and scrolls to the hash', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    // SPEC's tagline until the season's last day; after it, the hero speaks of next summer (0100).
    expect(await page.getByText(`Don't let mosquitoes keep you inside ${HERO_SUMMER} summer. Go ahead, sit outside`).isVisible()).toBe(true);
    expect(await page.getByText(`inside ${HERO_SUMMER === 'this' ? 'next' : 'this'} summer`).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Get a Free Quote' }).getAttribute('href')).toBe('#quote-section');
    expect(await page.getByRole('link', { name: 'Schedule Service' }).getAttribute('href')).toBe('#quote');
    // SPEC: the menu labels #pricing both Services and Pricing.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Services', exact: true }).getAttribute('href')).toBe('/#pricing');
    expect(await nav.getByRole('link', { name: 'Pricing', exact: true }).getAttribute('href')).toBe('/#pricing');
    for (const claim of ['90% fewer mosquitoes, guaranteed or free re-treatment', 'Join 2,000+ satisfied customers']) {
      expect(await page.getByText(claim).first().isVisible()).toBe(true);
    }

    expect(await sectionsInOrder(page)).toBe(true);
    const missing = await page.evaluate((ids) => ids.filter((id) => !document.getElementById(id)), SPEC_ANCHORS);
    expect(missing).toEqual([]);
    expect(await page.getByRole('heading', { name: 'How It Works' }).isVisible()).toBe(true);

    // Structured data: the business with its towns and Friday hours, the service offers, and the FAQ shown on the page.
    const ld = await readJsonLd(page);
    const business = ld.find((d) => typeOf(d).includes('PestControl'));
    expect(business?.telephone).toBe('+1 905-555-0134');
    expect(JSON.stringify(business?.areaServed)).toContain('Ancaster');
    expect(JSON.stringify(business?.openingHoursSpecification)).toContain('Friday');
    expect(ld.filter((d) => typeOf(d) === 'Service').length).toBeGreaterThanOrEqual(3);
    const faqPage = ld.find((d) => typeOf(d) === 'FAQPage') as { mainEntity: { name: string }[] } | undefined;
    const shownQuestions = (await page.locator('#faq summary, #faq button[aria-expanded]').allTextContents()).map(normalise);
    expect(faqPage?.mainEntity.map((q) => q.name)).toEqual(shownQuestions);
    expect(shownQuestions).toContain('Why do you only treat on Fridays?');

    // Its own canonical and hreflang links, English as x-default.
    const head = await page.evaluate(() => ({
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
      alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => `${l.getAttribute('hreflang')} ${new URL(l.getAttribute('href')!, location.href).pathname}`),
    }));
    expect(new URL(head.canonical!, page.url()).pathname).toBe('/');
    expect(head.alternates.sort()).toEqual(['de /de', 'en /', 'es /es', 'fr /fr', 'x-default /']);
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

  it('shows the process, the pricing help box, the About story and the footer links SPEC lists', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    await page.goto('/');
    expect(await page.getByText('Protection for up to 21 days per treatment').isVisible()).toBe(true);
    const process = page.locator('#process');
    expect(await process.getByRole('listitem').count()).toBe(3);
    for (const step of ['Schedule', 'Inspection & treatment', 'Enjoy']) expect(await process.getByRole('heading', { name: step, exact: true }).count(), step).toBe(1);

    const pricing = page.locator('#pricing');
    expect(await pricing.getByRole('heading', { name: 'Not sure which plan is right for you?' }).isVisible()).toBe(true);
    expect(await pricing.getByRole('link', { name: 'Build a custom quote' }).getAttribute('href')).toBe('#quote-section');
    expect(await pricing.getByRole('link', { name: 'Speak with an Expert' }).getAttribute('href')).toBe('#contact');

    // SPEC §1 "About": founder story, 20 years in family lawn care, the mission, eco-friendly, guarantee.
    const about = normalise(await page.locator('#about').textContent());
    for (const claim of ['20 years in his family\'s lawn care business', 'Our mission: fewer bites, more backyard time.', 'Eco-friendly treatments', 'Satisfaction guarantee']) {
      expect(about, claim).toContain(claim);
    }

    const footer = page.locator('footer');
    const hrefOf = async (name: string) => footer.getByRole('link', { name, exact: true }).getAttribute('href');
    expect(await hrefOf('Privacy Policy')).toBe('/privacy');
    expect(await hrefOf('Terms of Service')).toBe('/terms');
    expect(await hrefOf('Sitemap')).toBe('/sitemap.xml');
    expect(await hrefOf('Book an appointment')).toBe('/#appointment-section');
    expect(await hrefOf('About')).toBe('/#about');
    expect(await hrefOf('FAQ')).toBe('/#faq');
    expect(errors).toEqual([]);
    await context.close();
  });

  // 0081: outside the midseason offer's window (before the season, once a seasonal plan no longer
  // fits it, after it) the popup does not open on its own and nothing offers it.
  it.runIf(!MIDSEASON_OFFER.running)('off-season, shows no midseason popup and offers booking the next season early instead', async () => {
    const year = MIDSEASON_OFFER.running ? 0 : MIDSEASON_OFFER.nextSeason.year;
    const { page, context, errors } = await newPage();
    await page.goto('/');
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await page.waitForTimeout(600);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => [sessionStorage.getItem('hasSeenPromo'), typeof window.showMidseasonPromo])).toEqual([null, 'undefined']);
    expect(await page.getByRole('button', { name: 'View Special Offer' }).count()).toBe(0);

    await page.getByRole('button', { name: `Book your ${year} season early` }).click();
    const calc = page.locator('#quote');
    await calc.getByLabel('First name').waitFor();
    await page.waitForFunction(() => (document.querySelector('#quote input[value="seasonal"]') as HTMLInputElement | null)?.checked === true);
    expect(await calc.getByText('Code MIDSEASON applied').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.goto('/fr');
    expect(await page.getByRole('button', { name: `Réservez dès maintenant votre saison ${year}` }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.runIf(MIDSEASON_OFFER.running)('shows the midseason popup once, reopens it on demand, and claiming selects seasonal with MIDSEASON', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    const dialog = page.getByRole('dialog', { name: 'MIDSEASON SPECIAL' });
    await dialog.waitFor();
    expect(await dialog.getByText('Full Season Protection', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByText('SAVE $79').isVisible()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('hasSeenPromo'))).toBe('true');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Scrolling past the pricing again in the same session does not show it again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await page.waitForTimeout(600);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // A click on the backdrop closes it too. Showing it on demand clears the stored flag (SPEC §4).
    await page.getByRole('button', { name: 'View Special Offer' }).click();
    await dialog.waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('hasSeenPromo'))).toBeNull();
    await page.waitForTimeout(150);
    await page.mouse.click(8, 400);
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => window.location.hash)).not.toBe('#quote');

    await page.getByRole('button', { name: 'View Special Offer' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'CLAIM YOUR MIDSEASON SPECIAL' }).click();
    await page.waitForURL((url) => url.hash === '#quote');
    const calc = page.locator('#quote');
    await calc.getByText('Code MIDSEASON applied').waitFor();
    expect(await calc.getByRole('radio', { name: /Seasonal Mosquito Protection/ }).isChecked()).toBe(true);
    const expected = expectedPrice({ serviceType: 'seasonal', propertySize: 0.25, address: ', Hamilton', discount: true });
    expect(expected.discountCents).toBe(7900);
    expect(await readTotals(page)).toEqual(moneyOf(expected, 'en'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prices several configurations exactly as the pricing engine does', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    const calc = await openCalculator(page);

    await calc.getByLabel('Service address').fill('12 King St W, Hamilton');
    expect(await readTotals(page)).toEqual(moneyOf(expectedPrice({ serviceType: 'onetime', propertySize: 0.25, address: '12 King St W, Hamilton, Hamilton' }), 'en'));
    expect(normalise(await calc.getByTestId('total').textContent())).toBe('$111.87');

    await calc.getByRole('radio', { name: /Seasonal Mosquito Protection/ }).check();
    await calc.getByLabel('Property size').selectOption('0.75');
    await calc.getByLabel('Tick control').check();
    await calc.getByLabel(/Targeted insects/).check();
    await calc.getByLabel('Service address').fill('40 Wilson St, Ancaster');
    expect(await readTotals(page)).toEqual(moneyOf(expectedPrice({
      serviceType: 'seasonal', propertySize: 0.75, includeTick: true, includeTargetedInsects: true, address: '40 Wilson St, Ancaster, Hamilton',
    }), 'en'));

    await calc.getByRole('radio', { name: /Seasonal Tick Protection/ }).check();
    expect(await calc.getByLabel('Tick control').count()).toBe(0);
    await calc.getByLabel('Property size').selectOption('0.5');
    await calc.getByLabel(/Natural barrier with repelling plants/).check();
    expect(await readTotals(page)).toEqual(moneyOf(expectedPrice({
      serviceType: 'tick-seasonal', propertySize: 0.5, includeTargetedInsects: true, extras: ['natural-barrier'], address: '40 Wilson St, Ancaster, Hamilton',
    }), 'en'));
    expect(normalise(await calc.getByTestId('pre-tax-total').textContent())).toContain('+ HST');

    await calc.getByLabel('Property size').selectOption('999');
    await toast(page, 'Custom Quote Required').waitFor();
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
      serviceType: 'seasonal', propertySize: 0.5, includeTick: true, address: '5 Main St Dundas, Hamilton',
    }), 'en'));

    // A link may carry the two name fields (0070): they fill them whole, and are cleaned from the address too.
    await page.goto('/?firstName=Jos%C3%A9%20Mar%C3%ADa&lastName=N%C3%BA%C3%B1ez%20Pe%C3%B1a');
    await calc.getByLabel('First name').waitFor();
    await page.waitForFunction(() => window.location.search === '');
    expect(await calc.getByLabel('First name').inputValue()).toBe('José María');
    expect(await calc.getByLabel('Last name').inputValue()).toBe('Núñez Peña');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the quote by email from the modal and queues the email, whose links keep a two-word first name whole', async () => {
    // Its own client address: the email's Buy now link books at the end.
    const { page, context, errors } = await newPage({ extraHTTPHeaders: { 'x-forwarded-for': '10.87.0.1' } });
    await skipPromo(context);
    const calc = await openCalculator(page);
    await calc.getByRole('button', { name: 'Send Quote by Email' }).click();
    await toast(page, 'Please provide your address to get a quote by email.').waitFor();

    const email = `landing-${Date.now().toString(36)}@example.ca`;
    await fillCalculatorCustomer(page, { first: 'José María', last: 'Núñez Peña', email, phone: '', address: '88 James St S, Hamilton', postal: 'L8P 2Y9' });
    await calc.getByRole('button', { name: 'Send Quote by Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Quote to Your Email' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Email address').inputValue()).toBe(email);
    const send = dialog.getByRole('button', { name: 'Send My Quote' });
    expect(await send.isDisabled()).toBe(true); // phone still empty
    await dialog.getByLabel('Phone number').fill('905-555-0199');
    expect(await send.isEnabled()).toBe(true);
    await send.click();
    await toast(page, 'Your personalized quote has been sent to your email.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);

    await signInAsAdmin(page);
    const outbox = (await (await page.request.get('/api/outbox')).json()) as { emails: { toAddress: string; kind: string; text: string }[] };
    const mail = outbox.emails.find((e) => e.toAddress === email && e.kind === 'quote');
    expect(mail).toBeDefined();

    // The quote kept the first and last name as typed (0070): "Book this quote" fills them whole, not "José" "María Núñez Peña".
    const bookLink = /\/book-quote\?token=[\w-]+/.exec(mail!.text)?.[0];
    expect(bookLink).toBeDefined();
    await page.goto(bookLink!);
    await page.getByRole('heading', { name: 'Complete Your Booking' }).waitFor();
    expect(await page.getByLabel('First Name', { exact: true }).inputValue()).toBe('José María');
    expect(await page.getByLabel('Last Name', { exact: true }).inputValue()).toBe('Núñez Peña');

    // "Buy now": direct-buy mode forwards the parts to /checkout-new, whose one name field books them as they were typed.
    const buyLink = /\/\?directBuy=true&\S+/.exec(mail!.text)?.[0];
    expect(buyLink).toBeDefined();
    await page.goto(buyLink!);
    await toast(page, 'Direct Purchase').waitFor();
    await page.waitForURL(/\/checkout-new\?/);
    const forwarded = new URL(page.url()).searchParams;
    expect([forwarded.get('name'), forwarded.get('firstName'), forwarded.get('lastName')]).toEqual(['José María Núñez Peña', 'José María', 'Núñez Peña']);
    await page.getByTestId('order-total').waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe('José María Núñez Peña');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: /^Pay \$/ }).waitFor();
    const customer = (await (await page.request.get(`/api/customers/email/${encodeURIComponent(email)}`)).json()) as { firstName: string; lastName: string };
    expect([customer.firstName, customer.lastName]).toEqual(['José María', 'Núñez Peña']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists the server Fridays, refuses an incomplete booking and books a complete one', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    const calc = await openCalculator(page);
    const dateSelect = calc.getByLabel('Preferred service date');
    await waitForFridays(page);
    const server = (await (await page.request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
    expect(await dateSelect.inputValue()).toBe(server.dates[0]);
    expect(await dateSelect.locator('option').count()).toBe(server.dates.length);

    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await toast(page, 'Please fill in all required fields including your preferred service date before booking.').waitFor();

    await fillCalculatorCustomer(page, { first: 'Alan', last: 'Turing', email: `book-${Date.now().toString(36)}@example.ca`, phone: '905-555-0142', address: '71 Main St W, Hamilton', postal: 'L8P 4Y5' });
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

  it('asks for Fridays with room for the standing-water visit when that add-on is ticked', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    const server = (await (await page.request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
    expect(server.dates.length).toBeGreaterThan(1);
    // The server's answer for the add-on stands in for a first Friday with only one stop left.
    const asked: string[] = [];
    await page.route('**/api/appointments/available-dates?*', async (route) => {
      const query = new URL(route.request().url()).searchParams;
      asked.push(query.toString());
      if (query.get('includeTargetedInsects') === 'true') await route.fulfill({ json: { dates: server.dates.slice(1) } });
      else await route.continue();
    });
    const calc = await openCalculator(page);
    const dateSelect = calc.getByLabel('Preferred service date');
    await waitForFridays(page);
    expect(await dateSelect.inputValue()).toBe(server.dates[0]);

    await calc.getByLabel('Targeted insects (standing water treatment)').check();
    await expect.poll(() => dateSelect.inputValue()).toBe(server.dates[1]);
    expect(await dateSelect.locator(`option[value="${server.dates[0]}"]`).count()).toBe(0);
    expect(asked).toContain('serviceType=onetime&includeTargetedInsects=true');

    await calc.getByLabel('Targeted insects (standing water treatment)').uncheck();
    await expect.poll(() => dateSelect.locator(`option[value="${server.dates[0]}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('books and moves on to checkout when the browser refuses session storage', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    // Full or blocked storage (private windows, strict privacy settings): writes throw.
    await context.addInitScript(() => {
      const write = Storage.prototype.setItem;
      Storage.prototype.setItem = function setItem(this: Storage, key: string, value: string) {
        if (this === window.sessionStorage) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        write.call(this, key, value);
      };
    });
    const calc = await openCalculator(page);
    await waitForFridays(page);
    await fillCalculatorCustomer(page, { first: 'Grace', last: 'Hopper', email: `nostorage-${Date.now().toString(36)}@example.ca`, phone: '905-555-0143', address: '12 King St W, Hamilton', postal: 'L8P 4Y5' });
    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForURL(/\/checkout\?appointmentId=\d+/);
    expect(errors.filter((e) => !/checkout|payment/i.test(e))).toEqual([]);
    await context.close();
  });

  it('prices a premium-town postal code as the server does, and Buy Now books at that price', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    const calc = await openCalculator(page);
    await waitForFridays(page);
    // The street names no town; the Ancaster postal code (L9G) is what makes it a premium area.
    await fillCalculatorCustomer(page, { first: 'Ada', last: 'Byron', email: `premium-${Date.now().toString(36)}@example.ca`, phone: '905-555-0177', address: '300 Wilson St E', postal: 'L9G 2B9' });
    const expected = expectedPrice({ serviceType: 'onetime', propertySize: 0.25, address: '300 Wilson St E, Ancaster' });
    expect(expected.premiumCents).toBeGreaterThan(0);
    expect(await readTotals(page)).toEqual(moneyOf(expected, 'en'));
    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForURL(/\/checkout\?appointmentId=\d+/);
    const checkout = await page.evaluate(() => JSON.parse(sessionStorage.getItem('checkoutData') ?? '{}') as Record<string, unknown>);
    expect(checkout.city).toBe('Ancaster');
    expect(checkout.totalCents).toBe(expected.totalCents);
    expect(errors.filter((e) => !/checkout|payment/i.test(e))).toEqual([]);
    await context.close();
  });

  it('shows the server price after 409 price_changed and resends with it once the customer confirms', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    const calc = await openCalculator(page);
    await waitForFridays(page);
    await fillCalculatorCustomer(page, { first: 'Mary', last: 'Jackson', email: `changed-${Date.now().toString(36)}@example.ca`, phone: '905-555-0178', address: '71 Main St W', postal: 'L8P 4Y5' });
    const sent: Record<string, unknown>[] = [];
    await page.route('**/api/appointments', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sent.push(route.request().postDataJSON() as Record<string, unknown>);
      if (sent.length === 1) {
        return route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ code: 'price_changed', message: 'The price has changed.', currentTotalCents: 12345, currentPrice: 123.45 }) });
      }
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Try again later.' }) });
    });
    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await toast(page, 'Price updated').waitFor();
    expect(normalise(await calc.getByTestId('server-price').textContent())).toContain('$123.45');
    const confirm = calc.getByRole('button', { name: 'Confirm $123.45 and buy now' });
    await confirm.click();
    await toast(page, 'Booking Failed').waitFor();
    expect(sent.map((b) => b.confirmedTotalCents)).toEqual([expectedPrice({ serviceType: 'onetime', propertySize: 0.25, address: '71 Main St W, Hamilton' }).totalCents, 12345]);
    expect(errors.filter((e) => !/409|503|Failed to load resource/i.test(e))).toEqual([]);
    await context.close();
  });

  it('after a Friday fills up meanwhile, waits for the customer to pick another Friday instead of booking one they never chose', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    const server = (await (await page.request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
    expect(server.dates.length).toBeGreaterThan(2);
    const wanted = server.dates[1]!;
    let full = false;
    // Once the wanted Friday is taken, the server no longer offers it.
    await page.route('**/api/appointments/available-dates?*', async (route) => {
      if (full) await route.fulfill({ json: { dates: server.dates.filter((d) => d !== wanted) } });
      else await route.continue();
    });
    const sent: Record<string, unknown>[] = [];
    await page.route('**/api/appointments', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sent.push(route.request().postDataJSON() as Record<string, unknown>);
      full = true;
      return route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ code: 'day_full', message: 'Sorry, that Friday is now fully booked. Please pick another date.', fullDates: [wanted] }) });
    });
    const calc = await openCalculator(page);
    await waitForFridays(page);
    const dateSelect = calc.getByLabel('Preferred service date');
    await dateSelect.selectOption(wanted);
    await fillCalculatorCustomer(page, { first: 'Katherine', last: 'Johnson', email: `full-${Date.now().toString(36)}@example.ca`, phone: '905-555-0179', address: '71 Main St W', postal: 'L8P 4Y5' });
    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await toast(page, 'Booking Failed').waitFor();
    await calc.getByText('Sorry, that Friday is now fully booked. Please pick another date.').waitFor();
    await expect.poll(() => dateSelect.locator(`option[value="${wanted}"]`).count()).toBe(0);
    // No other Friday is slipped in: the picker asks for a choice and Buy Now books nothing until then.
    expect(await dateSelect.inputValue()).toBe('');
    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await toast(page, 'Please fill in all required fields including your preferred service date before booking.').waitFor();
    expect(sent).toHaveLength(1);
    // Everything typed is still there, and the Friday the customer picks next is the one sent.
    expect(await calc.getByLabel('Email address').inputValue()).toMatch(/^full-/);
    await dateSelect.selectOption(server.dates[2]!);
    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await expect.poll(() => sent.length).toBe(2);
    expect(sent.map((b) => b.date)).toEqual([wanted, server.dates[2]]);
    expect(errors.filter((e) => !/409|Failed to load resource/i.test(e))).toEqual([]);
    await context.close();
  });

  it('raises Custom Quote Required for an acreage prefill and asks for the address before a custom quote', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    await page.goto('/?propertySize=999&serviceType=seasonal');
    const calc = page.locator('#quote');
    await toast(page, 'Custom Quote Required').waitFor();
    const request = calc.getByRole('button', { name: 'Request Quote' });
    expect(await request.isVisible()).toBe(true);
    await request.click();
    await toast(page, 'Please provide your address so we can prepare your custom quote.').waitFor();
    expect(await toast(page, 'Address Required').isVisible()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('limits the customer fields, refuses a phone made of letters and shows server refusals under their fields', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    const calc = await openCalculator(page);
    expect(await calc.getByLabel('First name').getAttribute('maxlength')).toBe('100');
    expect(await calc.getByLabel('Last name').getAttribute('maxlength')).toBe('100');
    expect(await calc.getByLabel('Phone number').getAttribute('maxlength')).toBe('30');
    await fillCalculatorCustomer(page, { first: 'Ada', last: 'Byron', email: `limits-${Date.now().toString(36)}@example.ca`, phone: 'abcdefghijk', address: '71 Main St W', postal: 'L8P 4Y5' });
    // Longer than the limit (a script or an old browser ignoring maxlength): its own message, not a vague one.
    await calc.getByLabel('First name').evaluate((input) => input.removeAttribute('maxlength'));
    await calc.getByLabel('First name').fill('A'.repeat(101));
    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await calc.getByText('Please keep the first name to 100 characters or fewer.').waitFor();
    expect(await calc.getByText('Please enter a North American phone number, for example 905-555-0134 (an extension like x123 is fine).').isVisible()).toBe(true);
    expect(await calc.getByLabel('Phone number').getAttribute('aria-invalid')).toBe('true');

    // The server checks the same rules; its 400 lands under the fields it names.
    await calc.getByLabel('First name').fill('Ada');
    await calc.getByLabel('Phone number').fill('+1 905 555 0177 x12');
    await page.route('**/api/appointments', (route) => route.request().method() === 'POST'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'validation', message: 'Please check the highlighted fields.', fields: { lastName: 'Please keep the last name to 100 characters or fewer.' } }) })
      : route.continue());
    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await calc.getByText('Please keep the last name to 100 characters or fewer.').waitFor();
    expect(await calc.getByLabel('Last name').getAttribute('aria-invalid')).toBe('true');
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
  });

  it('the email modal says Missing Information for a bad address, and the optional second contact is checked', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    const calc = await openCalculator(page);
    await fillCalculatorCustomer(page, { first: 'Kay', last: 'Mauchly', email: 'kay-at-example', phone: '905-555-0190', address: '9 Bay St S', postal: 'L8P 3H6' });
    await calc.getByRole('button', { name: 'Send Quote by Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Quote to Your Email' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send My Quote' }).click();
    await toast(page, 'Please provide your name and email address.').waitFor();
    expect(await toast(page, 'Missing Information').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The second contact block is closed by default, opens on demand and is validated before Buy Now.
    const toggle = calc.getByRole('button', { name: 'Add a second contact (optional)' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await calc.getByLabel('Full name').fill('S');
    await calc.getByRole('button', { name: 'Buy Now' }).click();
    await calc.getByText("Please enter the second contact's name").waitFor();
    expect(await calc.getByText('Please add an email address or a phone number for the second contact').isVisible()).toBe(true);
    await calc.getByRole('button', { name: 'Remove the second contact' }).click();
    expect(await calc.getByLabel('Full name').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the contact section stores a good message and queues the acknowledgement and the staff notification', async () => {
    const { page, context, errors } = await newPage(ownClient());
    await skipPromo(context);
    await page.goto('/#contact');
    const form = page.locator('#contact').getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send Message' }).waitFor();
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(await form.getByText('Name is required').isVisible()).toBe(true);
    expect(await form.getByText('Invalid email address').isVisible()).toBe(true);
    expect(await form.getByText('Message should be at least 10 characters').isVisible()).toBe(true);

    const email = `contact-${Date.now().toString(36)}@example.ca`;
    await form.getByLabel('Name', { exact: true }).fill('Rosa Parks');
    await form.getByLabel('Email address').fill(email);
    await form.getByLabel('Message').fill('Do you treat cedar hedges along the back fence?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Message sent').waitFor();
    expect(errors).toEqual([]);

    await signInAsAdmin(page);
    const stored = (await (await page.request.get('/api/messages')).json()) as { email: string; message: string }[];
    expect(stored.some((m) => m.email === email && m.message.includes('cedar hedges'))).toBe(true);
    const outbox = (await (await page.request.get('/api/outbox')).json()) as { emails: { toAddress: string; kind: string; text: string }[] };
    expect(outbox.emails.some((e) => e.kind === 'contact-ack' && e.toAddress === email)).toBe(true);
    expect(outbox.emails.some((e) => e.kind === 'staff-notification' && e.text.includes(email))).toBe(true);
    await context.close();
  });

  it('refuses a filled honeypot silently (form and API) and keeps the message when the server fails', async () => {
    const client = ownClient();
    const { page, context, errors } = await newPage(client);
    await skipPromo(context);
    await page.goto('/#contact');
    const form = page.locator('#contact').getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send Message' }).waitFor();
    const bot = `bot-${Date.now().toString(36)}@example.ca`;
    const posts: string[] = [];
    page.on('request', (req) => { if (req.method() === 'POST' && req.url().endsWith('/api/messages')) posts.push(req.url()); });
    await form.getByLabel('Name', { exact: true }).fill('Spam Bot');
    await form.getByLabel('Email address').fill(bot);
    await form.getByLabel('Message').fill('Cheap backlinks for your website, click here now');
    await form.locator('input[name="website"]').fill('https://spam.example', { force: true });
    await form.getByRole('button', { name: 'Send Message' }).click();
    // The form sends nothing and says nothing: no request, no toast, no visible field error.
    await page.waitForTimeout(500);
    expect(posts).toEqual([]);
    expect(await toast(page, 'Message sent').count()).toBe(0);
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);
    // A bot posting straight to the API gets a success-looking answer and nothing is stored.
    const direct = await page.request.post('/api/messages', {
      headers: client.extraHTTPHeaders,
      data: { name: 'Spam Bot', email: bot, subject: 'question', message: 'Cheap backlinks for your website, click here now', website: 'https://spam.example' },
    });
    expect(direct.status()).toBe(200);
    expect(await direct.json()).toEqual({ ok: true, id: null });

    // The server is down: 'Failed to send message' with SPEC's fallback text, and the text stays for a retry.
    await page.route('**/api/messages', (route) => route.fulfill({ status: 500, body: '' }));
    await form.locator('input[name="website"]').fill('', { force: true });
    await form.getByLabel('Name', { exact: true }).fill('Ida Wells');
    await form.getByLabel('Email address').fill('ida@example.ca');
    await form.getByLabel('Message').fill('Please call me about a seasonal plan.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Failed to send message').waitFor();
    expect(await toast(page, 'Something went wrong. Please try again.').isVisible()).toBe(true);
    expect(await form.getByLabel('Message').inputValue()).toBe('Please call me about a seasonal plan.');
    await page.unroute('**/api/messages');
    expect(errors.filter((e) => !/500|Failed to load resource/i.test(e))).toEqual([]);

    await signInAsAdmin(page);
    const stored = (await (await page.request.get('/api/messages')).json()) as { email: string }[];
    expect(stored.some((m) => m.email === bot)).toBe(false);
    const outbox = (await (await page.request.get('/api/outbox')).json()) as { emails: { toAddress: string }[] };
    expect(outbox.emails.some((e) => e.toAddress === bot)).toBe(false);
    await context.close();
  });

  it('forwards a direct-buy link to /checkout-new with the same values', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    await page.goto('/?directBuy=true&service=seasonal&size=0.75&includeTick=true&address=12%20King%20St&email=ann%40example.ca&name=Ann%20Lee&price=412');
    await toast(page, 'Direct Purchase').waitFor();
    expect(await toast(page, 'Processing your seasonal service request...').isVisible()).toBe(true);
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

    await page.setViewportSize({ width: 900, height: 800 });
    await page.waitForFunction(() => document.querySelectorAll('#testimonials [aria-label^="Go to testimonial"]').length === 4);
    expect(await section.locator('li[aria-roledescription="slide"]:not([aria-hidden="true"])').count()).toBe(2);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForFunction(() => document.querySelectorAll('#testimonials [aria-label^="Go to testimonial"]').length === 5);
    expect(await section.locator('li[aria-roledescription="slide"]:not([aria-hidden="true"])').count()).toBe(1);
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

    // The other two cards reach the calculator too: one-time selects its plan, the misting consultation its note.
    const quoteInView = () => page.evaluate(() => Math.abs(document.getElementById('quote-section')!.getBoundingClientRect().top) < 200);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('#onetime').getByRole('button', { name: 'Choose One-Time' }).click();
    await page.waitForFunction(() => (document.querySelector('#quote input[value="onetime"]') as HTMLInputElement | null)?.checked === true);
    await expect.poll(quoteInView).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    // The consultation is not sold online: its card brings the calculator's note into view, which links to the contact form.
    await page.locator('#consult').getByRole('button', { name: 'Book a Free Consultation' }).click();
    const note = page.locator('#misting-consult');
    await expect.poll(() => note.evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; })).toBe(true);
    expect(await note.textContent()).toContain('The consultation is free; installation adds $299.00 per year.');
    await note.getByRole('link', { name: 'contact form' }).click();
    await page.waitForURL((url) => url.hash === '#contact');
    await page.locator('#contact').getByRole('button', { name: 'Send Message' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts the calculator from the plan stored in local storage: the type, or the plan id alone', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    await context.addInitScript(() => { if (!localStorage.getItem('selectedPlanId')) localStorage.setItem('selectedPlanId', '3'); });
    const calc = await openCalculator(page);
    await expect.poll(() => calc.getByRole('radio', { name: /Seasonal Tick Protection/ }).isChecked()).toBe(true);
    expect(await calc.getByLabel('Tick control').count()).toBe(0);
    await page.evaluate(() => { localStorage.setItem('selectedServiceType', 'seasonal'); localStorage.setItem('selectedPlanId', '2'); });
    await page.reload();
    await calc.getByLabel('First name').waitFor();
    await expect.poll(() => calc.getByRole('radio', { name: /Seasonal Mosquito Protection/ }).isChecked()).toBe(true);
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
    expect(await findAxeViolations(page)).toEqual([]);

    // The popup exists only while the midseason special runs (0081).
    if (MIDSEASON_OFFER.running) {
      await page.getByRole('button', { name: 'View Special Offer' }).click();
      await page.getByRole('dialog', { name: 'MIDSEASON SPECIAL' }).waitFor();
      await page.waitForTimeout(300);
      expect(await findAxeViolations(page)).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('checks a postal code and draws the service-area map', async () => {
    const { page, context, errors } = await newPage();
    await skipPromo(context);
    await page.goto('/#service-area');
    // SPEC: 'Loading map...' first (in the server's HTML), then the map.
    expect(await (await page.request.get('/')).text()).toContain('Loading map...');
    const area = page.locator('#service-area');
    expect(await area.getByRole('heading', { name: 'Greater Hamilton Area' }).isVisible()).toBe(true);
    expect(await area.getByRole('list', { name: 'Areas we serve' }).getByRole('listitem').allTextContents()).toEqual([
      'Hamilton', 'Ancaster', 'Stoney Creek', 'Dundas', 'Grimsby', 'Waterdown', 'Westdale', 'Hamilton Mountain', 'Binbrook', 'Caledonia', 'Flamborough',
    ]);
    expect(await area.getByRole('link', { name: "Contact us and we'll see what we can do." }).getAttribute('href')).toBe('#contact');
    await area.getByRole('img', { name: /Map of the served towns/ }).waitFor();
    await area.getByLabel('Check your postal code').fill('l9g 3k2');
    await area.getByRole('button', { name: 'Check' }).click();
    await area.getByText('Good news: we serve Ancaster.').waitFor();
    // Typed without its space, the code is named as Canada Post writes it (0062).
    await area.getByLabel('Check your postal code').fill('m5v2t6');
    await area.getByRole('button', { name: 'Check' }).click();
    await area.getByText("We're sorry, but we don't currently service the M5V 2T6 area. Please contact us for alternatives.").waitFor();
    // The FAQ names the areas served now, as the list does; the calculator's note SPEC's five towns
    // and the communities around them (0100).
    expect(await (await page.request.get('/')).text()).toContain('We serve Hamilton, Ancaster, Stoney Creek, Dundas, Grimsby, Waterdown, Westdale, Hamilton Mountain, Binbrook, Caledonia and Flamborough.');
    const calc = await openCalculator(page);
    await calc.getByText('We serve Hamilton, Ancaster, Stoney Creek, Dundas, Grimsby and nearby communities.').waitFor();
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
  const ISLAND_ONLY_MARKERS = ['ZodError', 'shouldUnregister', 'MISSING_MESSAGE', '"line-clamp"'];

  /** Gzipped size of every script a page loads before the visitor scrolls, by URL; those carrying
   *  island-only code; and those the HTML names that lack the compile hint. */
  async function measureScripts(path: string): Promise<{ sizes: Map<string, number>; heavy: string[]; unhinted: string[] }> {
    const { page, context, errors } = await newPage({ viewport: { width: 412, height: 823 } });
    const sizes = new Map<string, number>();
    const heavy: string[] = [];
    const hinted = new Set<string>();
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(res.body().then((body) => {
        sizes.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length);
        // Markers of what only the deferred islands bring: the form and schema libraries, the
        // message formatter (next-intl's client runtime) and the class merger (tailwind-merge).
        if (ISLAND_ONLY_MARKERS.some((marker) => body.includes(marker))) heavy.push(res.url());
        if (body.subarray(0, COMPILE_HINT.length).toString() === COMPILE_HINT) hinted.add(new URL(res.url()).pathname);
      }, () => {}));
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    // The scripts the server's HTML names are the start-up chunks the build marks (scripts/compile-hints.ts).
    const named = await page.$$eval('script[src]:not([nomodule])', (scripts) => scripts.map((s) => new URL((s as HTMLScriptElement).src).pathname));
    expect(errors).toEqual([]);
    await context.close();
    return { sizes, heavy, unhinted: named.filter((src) => !hinted.has(src)) };
  }

  it('loads at most 170 KB of JavaScript before the visitor scrolls, none of it the heavy islands', async () => {
    const { sizes: landing, heavy, unhinted } = await measureScripts('/');
    const { sizes: shared } = await measureScripts('/privacy');
    const sum = (entries: Iterable<number>) => [...entries].reduce((a, b) => a + b, 0);
    const own = sum([...landing].filter(([url]) => !shared.has(url)).map(([, size]) => size));
    const total = sum(landing.values());
    console.info(`first-load JS on /: ${(total / 1024).toFixed(1)} KB gzip in ${landing.size} files, ${(own / 1024).toFixed(1)} KB of it the landing page's own`);
    // Everything heavy (calculator, booking form, popup, carousel, accordion, contact form) waits
    // until it is needed; the rest is the framework, the shell and the islands' messages.
    expect(total).toBeLessThanOrEqual(170 * 1024);
    expect(heavy).toEqual([]);
    // Compiled off the main thread as they stream in, not lazily while the framework starts.
    expect(unhinted).toEqual([]);
  });

  it('asks no other origin for anything by default: no third-party script, font or pixel (DECISIONS §11)', async () => {
    for (const path of ['/', '/hamilton', '/es/contact']) {
      const { page, context, errors } = await newPage();
      const foreign: string[] = [];
      page.on('request', (req) => { if (!req.url().startsWith('data:') && new URL(req.url()).origin !== new URL(baseURL()).origin) foreign.push(req.url()); });
      await page.goto(path, { waitUntil: 'networkidle' });
      for (let y = 0; y < 20; y += 1) await page.mouse.wheel(0, 800);
      await page.waitForLoadState('networkidle');
      expect(foreign, path).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('loads at most 150 KB of JavaScript on a city page', async () => {
    const { sizes, unhinted } = await measureScripts('/hamilton');
    expect(unhinted).toEqual([]);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    console.info(`first-load JS on /hamilton: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.size} files`);
    expect(total).toBeLessThanOrEqual(150 * 1024);
  });
});

describe('landing page (fr)', () => {
  it('shows the page in French, with the popup claim (or, off-season, the early booking) and calculator prices in French format', async () => {
    const { page, context, errors } = await newPage({ locale: 'fr-CA' });
    await page.goto('/fr');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.getByRole('link', { name: 'Obtenir une soumission gratuite' }).getAttribute('href')).toBe('#quote-section');
    expect(await page.getByRole('heading', { name: 'Composez votre forfait sur mesure' }).isVisible()).toBe(true);
    const missing = await page.evaluate((ids) => ids.filter((id) => !document.getElementById(id)), SPEC_ANCHORS);
    expect(missing).toEqual([]);

    await page.locator('#pricing').scrollIntoViewIfNeeded();
    const calc = page.locator('#quote');
    if (MIDSEASON_OFFER.running) {
      const dialog = page.getByRole('dialog', { name: 'SPÉCIAL MI-SAISON' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'PROFITER DE MON SPÉCIAL MI-SAISON' }).click();
      await page.waitForURL((url) => url.pathname === '/fr' && url.hash === '#quote');
      await calc.getByText('Code MIDSEASON appliqué').waitFor();
    } else {
      // Off-season (0081): no popup; the pricing's button books the next season's seasonal plan, without the code.
      await page.getByRole('button', { name: `Réservez dès maintenant votre saison ${MIDSEASON_OFFER.nextSeason.year}` }).click();
      await calc.getByLabel('Prénom').waitFor();
      await page.waitForFunction(() => (document.querySelector('#quote input[value="seasonal"]') as HTMLInputElement | null)?.checked === true);
      expect(await page.getByRole('dialog').count()).toBe(0);
    }
    expect(await calc.getByRole('radio', { name: /Protection saisonnière contre les moustiques/ }).isChecked()).toBe(true);
    await calc.getByLabel('Adresse du service').fill('1 Main St W, Hamilton');
    await calc.getByLabel('Taille du terrain').selectOption('0.5');
    expect(await readTotals(page)).toEqual(moneyOf(expectedPrice({
      serviceType: 'seasonal', propertySize: 0.5, address: '1 Main St W, Hamilton, Hamilton', discount: MIDSEASON_OFFER.running,
    }), 'fr'));
    expect(normalise(await calc.getByTestId('pre-tax-total').textContent())).toContain('+ TVH');

    await calc.getByRole('button', { name: 'Acheter maintenant' }).click();
    await toast(page, 'Renseignements manquants').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('walks the sections in SPEC order and sends the quote by email in French, up to the queued email', async () => {
    const { page, context, errors } = await newPage({ locale: 'fr-CA' });
    await skipPromo(context);
    await page.goto('/fr');
    expect(await sectionsInOrder(page)).toBe(true);
    // What a French reader sees in the cards, quotes and footer: French word order and French punctuation.
    const consult = normalise(await page.locator('article#consult').textContent());
    expect(consult).toContain('Sans frais pour la consultation');
    expect(await page.locator('#testimonials blockquote').first().textContent()).toMatch(/^«\u00a0.+\u00a0»$/);
    const footer = await page.locator('footer').textContent();
    expect(footer).toContain('Appelez-nous\u00a0: (905) 555-0134');
    expect(footer).toContain('Courriel\u00a0: hello@');

    await page.goto('/fr#quote');
    const calc = page.locator('#quote');
    await calc.getByLabel('Prénom').waitFor();
    const email = `fr-${Date.now().toString(36)}@example.ca`;
    await calc.getByLabel('Prénom').fill('Gabrielle');
    await calc.getByLabel(/^Nom\b/).fill('Roy');
    await calc.getByLabel('Adresse courriel').fill(email);
    await calc.getByLabel('Adresse du service').fill('12 rue Main, Dundas');
    await calc.getByLabel('Code postal').fill('L9H 2P8');
    // The estimate names the plan as the plan cards and the checkout do.
    const estimate = normalise(await calc.getByTestId('estimate').textContent());
    expect(estimate).toContain('Traitement unique');
    expect(estimate).not.toContain('ponctuel');
    await calc.getByRole('button', { name: 'Recevoir la soumission par courriel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recevoir la soumission par courriel' });
    await dialog.waitFor();
    const send = dialog.getByRole('button', { name: 'Envoyer ma soumission' });
    expect(await send.isDisabled()).toBe(true); // téléphone vide
    await dialog.getByLabel('Numéro de téléphone').fill('905-555-0111');
    await send.click();
    await toast(page, 'Votre soumission personnalisée a été envoyée à votre adresse courriel.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);

    await context.close();

    // Staff check the outbox from their own (English) browser.
    const staff = await newPage();
    await signInAsAdmin(staff.page);
    const outbox = (await (await staff.page.request.get('/api/outbox')).json()) as { emails: { toAddress: string; kind: string; locale: string }[] };
    expect(outbox.emails.some((e) => e.toAddress === email && e.kind === 'quote' && e.locale === 'fr')).toBe(true);
    await staff.context.close();
  });

  it('sends a German visitor to the German page with translated sections', async () => {
    const { page, context, errors } = await newPage({ locale: 'de-DE' });
    await skipPromo(context);
    await page.goto('/de#faq');
    expect(await page.getByRole('heading', { name: 'Häufige Fragen' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'So funktioniert es' }).isVisible()).toBe(true);
    const offer = MIDSEASON_OFFER.running ? 'Sonderangebot ansehen' : `Jetzt schon die Saison ${MIDSEASON_OFFER.nextSeason.year} buchen`;
    expect(await page.getByRole('button', { name: offer }).isVisible()).toBe(true);
    const pricing = normalise(await page.locator('#pricing').textContent());
    expect(pricing).toContain('Kostenlose Beratung');
    expect(pricing).not.toContain('Kostenlos Beratung');
    expect(pricing).toContain('Saisonaler Mückenschutz');
    expect(normalise(await page.locator('#how-it-works').textContent())).toContain('85–90 %');
    expect(await page.locator('#testimonials blockquote').first().textContent()).toMatch(/^„.+“$/);
    expect(await page.locator('footer').textContent()).toContain('Rufen Sie uns an: (905) 555-0134');
    expect(await sectionsInOrder(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('landing page (es, de) as a native reader sees it', () => {
  /** The hero's and the pricing section's call-to-action buttons whose label needs more than one line. */
  async function readButtons(page: Page) {
    return page.evaluate(() => [...document.querySelectorAll<HTMLElement>('section[aria-labelledby="hero-heading"] a, #pricing button')].map((el) => {
      const text = document.createRange();
      text.selectNodeContents(el);
      return {
        label: (el.textContent ?? '').trim(),
        align: getComputedStyle(el).textAlign,
        overflows: el.scrollHeight > el.clientHeight + 1,
        lines: new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size,
      };
    }));
  }

  it('Spanish: the yard is "su patio", the toast reads as Spanish, and wrapped buttons stay centred at 320 px', async () => {
    const { page, context, errors } = await newPage({ locale: 'es-MX', viewport: { width: 320, height: 720 } });
    await skipPromo(context);
    await page.goto('/es');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Recupere su patio de los mosquitos y las garrapatas');
    const main = normalise(await page.locator('#main').textContent());
    expect(main).not.toMatch(/\bjard[ií]n(es)?\b/);
    expect(main).toContain('Nuestra misión: menos picaduras, más tiempo en el patio.');

    const buttons = await readButtons(page);
    expect(buttons.find((b) => b.label === 'Obtener un presupuesto gratis')?.lines).toBeGreaterThan(1);
    expect(buttons.filter((b) => b.align !== 'center' || b.overflows)).toEqual([]);

    // The footer names the legal pages as the pages name themselves.
    await clickHydratedLink(page.locator('footer').getByRole('link', { name: 'Términos del servicio' }));
    await page.waitForURL(/\/es\/terms$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Términos del servicio');

    await page.goto('/es?directBuy=true&service=seasonal&size=0.75');
    await toast(page, 'Procesando su solicitud de protección de temporada...').waitFor();
    await page.waitForURL(/\/es\/checkout-new\?/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('German: wrapped pricing buttons fit at 320 px, and the footer calls the terms what the page calls them', async () => {
    const { page, context, errors } = await newPage({ locale: 'de-DE', viewport: { width: 320, height: 720 } });
    await skipPromo(context);
    await page.goto('/de');
    // 0100: "diesen Sommer" until the season's last day, "nächsten Sommer" after it.
    const summer = HERO_SUMMER === 'this' ? 'diesen' : 'nächsten';
    expect(await page.getByText(`Lassen Sie sich ${summer} Sommer nicht von Mücken ins Haus treiben. Setzen Sie sich ruhig nach draußen`).isVisible()).toBe(true);
    const buttons = await readButtons(page);
    expect(buttons.find((b) => b.label === 'Kostenlose Beratung buchen')?.lines).toBeGreaterThan(1);
    expect(buttons.filter((b) => b.align !== 'center' || b.overflows)).toEqual([]);
    // The calculator (loaded as it comes into view) names SPEC's five towns and their surroundings (0100).
    await page.locator('#quote').scrollIntoViewIfNeeded();
    await page.locator('#quote').getByText('Wir sind in Hamilton, Ancaster, Stoney Creek, Dundas, Grimsby und Umgebung tätig.').waitFor();
    expect(normalise(await page.locator('#about').textContent())).toContain('integrierter Schädlingsbekämpfung');

    await clickHydratedLink(page.locator('footer').getByRole('link', { name: 'Allgemeine Geschäftsbedingungen' }));
    await page.waitForURL(/\/de\/terms$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Allgemeine Geschäftsbedingungen');
    expect(errors).toEqual([]);
    await context.close();
  });
});
