/**
 * The seventh walkthrough (docs/decisions/0083): a Spanish-speaking homeowner in Stoney Creek on a
 * 360 px phone who books a seasonal plan and later moves and cancels from the emailed link; a
 * technician's Friday on a phone; three layout breaks at 768 px. What the walk found, held here.
 */
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { findSplitWords } from './support/layout';
import { openOwnStopOnDaySheet } from './support/day-sheet';
import { payByApi } from './support/payment';
import { signInAsAdmin, signInAsTechnician } from './support/staff';
import { toast } from './support/toast';

const { newPage } = setupBrowser();

const phone = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
const tablet = { viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true };

const randomIp = () => `10.83.${Math.floor(Math.random() * 200) + 1}.${Math.floor(Math.random() * 200) + 1}`;

/** A seasonal plan booked in Spanish through the API for a Stoney Creek address and paid with 4242, as the checkout does. */
async function bookSeasonalAndPay(request: APIRequestContext) {
  const ip = randomIp();
  const { dates } = (await (await request.get('/api/appointments/available-dates?serviceType=seasonal')).json()) as { dates: string[] };
  const email = `rosa.${Date.now().toString(36)}@example.ca`;
  const created = await request.post('/api/appointments', {
    headers: { 'x-forwarded-for': ip },
    data: {
      serviceType: 'seasonal', propertySize: 0.25, firstName: 'Rosa Elena', lastName: 'Gutiérrez Ibáñez', email, phone: '905-662-4417',
      address: '18 Lake Ave Dr', city: 'Stoney Creek', postalCode: 'L8G 1X5', date: dates[1], status: 'pending-payment', locale: 'es',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { appointmentId: number; bookingRef: string };
  await payByApi(request, booking, ip);
  return { ...booking, email };
}

/** The path of a link in the customer's queued email of `kind`, read from the outbox as staff. */
async function readEmailLink(staff: Page, email: string, kind: string, path: RegExp): Promise<string> {
  const outbox = (await (await staff.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string; text: string }[] };
  const mail = outbox.emails.find((m) => m.kind === kind && m.toAddress === email);
  const link = path.exec(mail?.text ?? '')?.[1];
  expect(link, mail?.text).toBeDefined();
  return link!;
}

/** The lines `text` takes inside `root` on screen (1 when the browser kept it whole). */
async function countLines(root: Locator, text: string): Promise<number> {
  return root.evaluate((el, wanted) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let all = '';
    const nodes: { node: Text; start: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push({ node: node as Text, start: all.length });
      all += node.textContent ?? '';
    }
    const at = all.indexOf(wanted);
    if (at < 0) return 0;
    const range = document.createRange();
    const locate = (offset: number) => {
      const hit = [...nodes].reverse().find((n) => n.start <= offset)!;
      return [hit.node, offset - hit.start] as const;
    };
    range.setStart(...locate(at));
    range.setEnd(...locate(at + wanted.length));
    return new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top))).size;
  }, text);
}

/** The options of a closed select whose text would not fit in it (the arrow takes about 20 px). */
async function findCutOptions(select: Locator): Promise<string[]> {
  return select.evaluate((el) => {
    const sel = el as HTMLSelectElement;
    const style = getComputedStyle(sel);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = sel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return [...sel.options].filter((option) => ctx.measureText(option.text).width > room).map((option) => option.text);
  });
}

/** A tap on the dimmed page beside a dialog, inside the 16 px the panel leaves on a phone. */
const tapBeside = (page: Page) => page.touchscreen.tap(6, 370);

describe('a Spanish-speaking homeowner in Stoney Creek, on a phone', () => {
  it('is told how to skip one visit, keeps a Friday chosen through a stray tap, and reads the booking reference whole before cancelling', async () => {
    const { page, context, errors } = await newPage({ ...phone, locale: 'es-ES' });
    const booking = await bookSeasonalAndPay(context.request);
    const staff = await newPage();
    await signInAsAdmin(staff.page);
    const manage = await readEmailLink(staff.page, booking.email, 'receipt', /https?:\/\/[^/\s]+(\/es\/manage-booking\/[\w-]+)/);
    await staff.context.close();

    await page.goto(manage);
    await page.getByRole('heading', { name: 'Gestionar su reserva' }).waitFor();
    // Online a plan is cancelled whole (0032): the page says how to skip a single visit, before the button.
    const cancelSection = page.locator('section[aria-labelledby="cancel-heading"]');
    const oneVisit = cancelSection.getByText('¿Solo quiere saltarse una visita? Cámbiela a otro viernes más arriba, o llámenos y cancelaremos solo esa visita:');
    await oneVisit.waitFor();
    expect(await oneVisit.getByRole('link', { name: '(905) 555-0134' }).getAttribute('href')).toMatch(/^tel:/);

    // Moving the second visit: a tap beside the dialog does not close it or lose the Friday chosen.
    await page.getByRole('button', { name: /^Cambiar esta visita/ }).nth(1).tap();
    const move = page.getByRole('dialog', { name: /^Cambiar su visita del viernes/ });
    const friday = move.getByLabel('Nuevo viernes');
    const chosen = await friday.locator('option').nth(1).getAttribute('value');
    await friday.selectOption(chosen!);
    await tapBeside(page);
    await page.waitForTimeout(300);
    expect(await move.isVisible()).toBe(true);
    expect(await friday.inputValue()).toBe(chosen);
    await move.getByRole('button', { name: 'Cambiar mi visita' }).tap();
    await toast(page, 'Visita cambiada').waitFor();

    // The cancel dialog's title keeps "BK-…" on one line at 360 px.
    await page.getByRole('button', { name: 'Cancelar mi reserva' }).tap();
    const dialog = page.getByRole('alertdialog', { name: `¿Cancelar la reserva ${booking.bookingRef}?` });
    await dialog.waitFor();
    expect(await countLines(dialog.getByRole('heading'), booking.bookingRef)).toBe(1);
    await dialog.getByRole('button', { name: 'Sí, cancelar mi reserva' }).tap();
    await toast(page, 'Reserva cancelada').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a technician's Friday on a phone", () => {
  it('keeps the products and note typed in "Mark done" through a tap beside the dialog', async () => {
    const { page, context, errors } = await newPage(phone);
    await signInAsAdmin(page);
    const { stop } = await openOwnStopOnDaySheet(page, context.request, 'Gatelocked');
    await stop.getByRole('button', { name: 'Mark done: Gatelocked Rainday' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Mark the visit to Gatelocked Rainday done' });
    await dialog.getByRole('combobox', { name: 'Product', exact: true }).selectOption({ label: 'Demo Barrier Concentrate (PCP 99901)' });
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('2');
    const note = 'Nobody home and the side gate locked: treated the front beds only.';
    await dialog.getByLabel('Note to the customer (optional)').fill(note);
    await tapBeside(page);
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Note to the customer (optional)').inputValue()).toBe(note);
    expect(await dialog.getByRole('textbox', { name: 'Amount', exact: true }).inputValue()).toBe('2');
    // Cancel still closes it (the visit stays open); the corner's close button is named Cancel too.
    await dialog.getByText('Cancel', { exact: true }).tap();
    await dialog.waitFor({ state: 'detached' });
    await stop.getByRole('button', { name: 'Mark done: Gatelocked Rainday' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is told the customer details are for the office, naming the page once, in English and German', async () => {
    const { page, context, errors } = await newPage(phone);
    await signInAsTechnician(page);
    await page.goto('/customer-details?id=1');
    await page.getByText('The “Customer details” page is for office staff, so it does not open with a technician’s login. If you need something from it, ask the office.').waitFor();
    await page.goto('/de/customer-details?id=1');
    await page.getByText(/^Die Seite „Kundendetails“ ist für das Büroteam/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('layout at 768 px', () => {
  it('keeps every city page’s service and landmark words whole in German, French and Spanish', async () => {
    const { page, context, errors } = await newPage({ ...tablet, locale: 'de-DE' });
    await context.addInitScript(() => sessionStorage.setItem('hasSeenPromo', 'true'));
    for (const locale of ['de', 'fr', 'es']) {
      for (const city of ['hamilton', 'ancaster', 'stoney-creek', 'dundas', 'grimsby']) {
        await page.goto(`/${locale}/${city}`);
        expect(await findSplitWords(page, '#services'), `/${locale}/${city} #services`).toEqual([]);
        expect(await findSplitWords(page, '#landmarks'), `/${locale}/${city} #landmarks`).toEqual([]);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows each plan’s whole name in /book-quote’s service select, in French', async () => {
    const email = `anne.${Date.now().toString(36)}@example.ca`;
    const staff = await newPage();
    const sent = await staff.page.request.post('/api/send-quote', {
      headers: { 'x-forwarded-for': randomIp() },
      data: {
        email, name: 'Anne Roy', phone: '905-555-0190', locale: 'fr',
        quoteDetails: { serviceType: 'seasonal', propertySize: 0.5, includeTick: false, includeTargetedInsects: false, address: '120 King St W, Hamilton, ON L8P 4V2', totalPrice: 0, lotSizeDisplay: 'Small' },
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    await signInAsAdmin(staff.page);
    const link = await readEmailLink(staff.page, email, 'quote', /(\/(?:fr\/)?book-quote\?token=[\w-]+)/);
    await staff.context.close();

    const { page, context, errors } = await newPage({ ...tablet, locale: 'fr-CA' });
    await page.goto(link.startsWith('/fr/') ? link : `/fr${link}`);
    const service = page.getByLabel('Type de service');
    await service.waitFor();
    expect(await service.inputValue()).toBe('seasonal');
    expect(await findCutOptions(service)).toEqual([]);
    expect(await findCutOptions(page.getByLabel('Taille du terrain'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
