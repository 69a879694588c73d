import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { findToday } from '@/features/scheduling/available-dates';
import { formatLongDate, formatShortDate } from '@/lib/format';
import { findPastVisit } from './support/fridays';
import { finishMarkCompleted, markCompletedByApi, readDialogDescription } from './support/office-completion';
import { createBooking } from './support/payment';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

type ListedVisit = { id: number; date: string; status: string; serviceType: string; firstName: string; lastName: string };

/** Every upcoming visit the staff API lists for a query, page after page (the request carries the staff session). */
async function listUpcomingVisits(request: APIRequestContext, query = ''): Promise<ListedVisit[]> {
  const visits: ListedVisit[] = [];
  let cursor: string | null = null;
  do {
    const res = await request.get(`/api/admin/appointments?view=upcoming${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status()).toBe(200);
    const page = (await res.json()) as { appointments: ListedVisit[]; nextCursor: string | null };
    visits.push(...page.appointments);
    cursor = page.nextCursor;
  } while (cursor);
  return visits;
}

/** Waits until the Appointments tab shows the list for its current filter, not "Loading visits...". */
async function listSettled(panel: Locator): Promise<void> {
  await panel.getByRole('status').filter({ hasNotText: 'Loading visits...' }).filter({ hasNotText: /needs? a new date/ }).waitFor();
}

/** The table's visit rows (the header row holds column headers, not cells). */
const visitRows = (page: Page, panel: Locator) => panel.getByRole('row').filter({ has: page.getByRole('cell') });

/** The Date column of the rows shown, as calendar days, in the order shown. */
async function shownDays(page: Page, panel: Locator): Promise<number[]> {
  // The date cell's <time> (a moved visit also says where it started, under the date).
  const days = await visitRows(page, panel).evaluateAll((rows) => rows.map((row) => row.querySelector('td time')?.getAttribute('datetime') ?? ''));
  return days.map((day) => Date.parse(`${day}T12:00:00Z`));
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('staff screens', () => {
  it('shows the dashboard cards and tabs with the demo season', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page);
    for (const label of ['Total Revenue', 'Confirmed Appointments', 'Total Customers', 'Total Payments']) {
      expect(await page.getByRole('heading', { name: label }).isVisible()).toBe(true);
    }
    const appointmentsTable = page.getByRole('tabpanel', { name: 'Appointments' });
    for (const col of ['Date', 'Time', 'Customer', 'Service', 'Address', 'Status']) {
      expect(await appointmentsTable.getByRole('columnheader', { name: col, exact: true }).count()).toBe(1);
    }
    // The seeded demo Friday has thirty confirmed stops at 9:00 AM.
    expect(await appointmentsTable.getByRole('cell', { name: '9:00 AM' }).count()).toBeGreaterThanOrEqual(30);
    // A visit's customer opens their page (bookings, cancellation, refunds) straight from the row.
    await appointmentsTable.getByRole('link', { name: 'Olivia Tremblay' }).first().click();
    await page.getByRole('heading', { name: 'Olivia Tremblay' }).waitFor();
    await page.goBack();
    await page.getByRole('tab', { name: 'Customers' }).click();
    const customers = page.getByRole('tabpanel', { name: 'Customers' });
    await customers.getByRole('link', { name: 'Olivia Tremblay' }).click();
    await page.getByRole('heading', { name: 'Olivia Tremblay' }).waitFor();
    expect(await page.getByText('71 Main St W, Hamilton, L8P 4Y5').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds a customer, marks a visit completed and takes it back, and files a contact message', async () => {
    const { page, context, errors } = await newPage();
    const sent = await page.request.post('/api/messages', {
      headers: { 'x-forwarded-for': '10.91.0.1' },
      data: { name: 'Mara Quinn', email: 'mara@example.com', subject: 'question', message: 'Can you treat a pond edge too?' },
    });
    expect(sent.status()).toBe(200);
    await signInAsAdmin(page);

    // Find a customer among many.
    await page.getByRole('tab', { name: 'Customers' }).click();
    const customers = page.getByRole('tabpanel', { name: 'Customers' });
    await customers.getByLabel('Search customers').fill('tremblay');
    expect(await customers.getByRole('row').count()).toBe(2);
    expect(await customers.getByRole('link', { name: 'Olivia Tremblay' }).isVisible()).toBe(true);
    await customers.getByLabel('Search customers').fill('905 555 0110');
    await customers.getByRole('link', { name: 'Olivia Tremblay' }).waitFor();
    expect(await customers.getByRole('row').count()).toBe(2);
    await customers.getByLabel('Search customers').fill('nobody-by-this-name');
    await customers.getByText('No customers match your search.', { exact: true }).waitFor();

    // Olivia's visits are still to come: they can be moved, not marked completed, and the list says why (0057).
    await page.getByRole('tab', { name: 'Appointments' }).click();
    const appointments = page.getByRole('tabpanel', { name: 'Appointments' });
    const olivia = appointments.getByRole('row').filter({ hasText: 'Olivia Tremblay' }).first();
    await olivia.getByRole('button', { name: /^Move to another Friday: Olivia Tremblay/ }).waitFor();
    expect(await olivia.getByRole('button', { name: /^Mark completed/ }).count()).toBe(0);
    await appointments.getByText('A visit can be marked completed from its day on: completing it sends the customer their visit report.', { exact: true }).waitFor();

    // Mark a visit of last Friday completed, then undo it.
    const marked = await findPastVisit(page.request, 'Marked');
    await appointments.getByLabel('Friday', { exact: true }).fill(marked.date);
    await listSettled(appointments);
    const row = appointments.getByRole('row').filter({ hasText: 'Marked Rainday' });
    const date = (await row.getByRole('cell').first().textContent())!;
    // It was sold with the tick add-on and the natural barrier: the move dialog names them after
    // the service, and "Mark completed" under it, as the row does (0077).
    const addOns = 'Add-ons: Tick control, Natural barrier with repelling plants';
    await row.getByRole('button', { name: /^Move to another Friday: Marked Rainday/ }).click();
    const move = page.getByRole('dialog', { name: 'Move Marked Rainday\'s visit' });
    await move.waitFor();
    expect(await readDialogDescription(move)).toBe(`One-Time Treatment, now on ${formatLongDate(marked.date, 'en')}. Pick a Friday with room; the visit stays confirmed. ${addOns}`);
    await move.getByRole('combobox', { name: 'New Friday' }).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);
    await move.getByRole('button', { name: 'Cancel', exact: true }).click();
    await move.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: /^Mark completed/ }).click();
    // The day sheet's dialog: the products applied for a treatment, the note (docs/decisions/0046),
    // under the visit's service and the add-ons sold with it, as the row names them (0077).
    await finishMarkCompleted(page, { described: `One-Time Treatment ${addOns}` });
    await page.getByText(`Marked Rainday's visit on ${date} is marked completed.`, { exact: true }).waitFor();
    const done = appointments.getByRole('row').filter({ hasText: 'Marked Rainday' }).filter({ hasText: 'Completed' }).first();
    await done.getByRole('button', { name: /^Undo completed/ }).click();
    await page.getByText(`Marked Rainday's visit on ${date} is confirmed again.`, { exact: true }).waitFor();

    // File the contact message.
    await page.getByRole('tab', { name: 'Messages' }).click();
    const messages = page.getByRole('tabpanel', { name: 'Messages' });
    const message = messages.getByRole('row').filter({ hasText: 'Mara Quinn' });
    expect(await message.getByText('New', { exact: true }).isVisible()).toBe(true);
    // The subject as the contact form names it, not its stored code.
    expect(await message.getByRole('cell', { name: 'General question', exact: true }).isVisible()).toBe(true);
    await message.getByRole('button', { name: 'Mark as replied: Mara Quinn' }).click();
    await page.getByText('The message from Mara Quinn is now: Replied.', { exact: true }).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Messages' }).click();
    expect(await page.getByRole('tabpanel', { name: 'Messages' }).getByRole('row').filter({ hasText: 'Mara Quinn' }).getByText('Replied', { exact: true }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds a customer by the booking reference read out on the phone, and names each visit\'s add-ons (0064)', async () => {
    const { page, context, errors } = await newPage();
    // Booked online with the tick add-on and an extra; the confirmation email prints the reference.
    const booking = await createBooking(page.request, { firstName: 'Rosalind', lastName: 'Pheasant', includeTick: true, extras: ['natural-barrier'] });
    const addOns = 'Add-ons: Tick control, Natural barrier with repelling plants';
    await signInAsAdmin(page);
    const visit = (await listUpcomingVisits(page.request)).find((v) => v.id === booking.appointmentId)!;
    const matched = `Booking ${booking.bookingRef}: Friday, ${formatShortDate(visit.date, 'en')}`;

    await page.getByRole('tab', { name: 'Customers' }).click();
    const customers = page.getByRole('tabpanel', { name: 'Customers' });
    const search = customers.getByLabel('Search customers');
    // Read out in lower case, in two groups, without its "BK-".
    const body = booking.bookingRef.slice(3).toLowerCase();
    for (const typed of [booking.bookingRef, `${body.slice(0, 4)} ${body.slice(4)}`]) {
      await search.fill(typed);
      await customers.getByRole('link', { name: matched }).waitFor();
      expect(await customers.getByRole('row').count()).toBe(2);
      expect(await customers.getByRole('link', { name: 'Rosalind Pheasant' }).isVisible()).toBe(true);
    }
    await search.fill(`${booking.bookingRef.slice(0, -1)}${booking.bookingRef.endsWith('Z') ? 'Y' : 'Z'}`);
    // Only the server finds a reference: until it answers, the list says it is searching, not that nobody matches.
    await customers.getByText('Searching…', { exact: true }).waitFor();
    await customers.getByText('No customers match your search.', { exact: true }).waitFor();

    // The booking's link opens the customer page at that booking, which names the add-ons.
    await search.fill(booking.bookingRef.toLowerCase());
    await customers.getByRole('link', { name: matched }).click();
    await page.waitForURL((url) => url.hash === `#booking-${booking.bookingRef}`);
    const held = page.getByRole('article', { name: `Booking ${booking.bookingRef}` });
    await held.getByText(addOns, { exact: true }).waitFor();

    // The Appointments tab names them under the visit's service too.
    await page.goBack();
    await page.getByRole('tab', { name: 'Appointments' }).click();
    const appointments = page.getByRole('tabpanel', { name: 'Appointments' });
    await appointments.getByLabel('Friday', { exact: true }).fill(visit.date);
    await listSettled(appointments);
    const row = appointments.getByRole('row').filter({ hasText: 'Rosalind Pheasant' });
    expect(await row.getByRole('cell').nth(3).textContent()).toBe(`One-Time Treatment${addOns}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a contact message by email from the Messages tab, keeping the reply typed when it is refused', async () => {
    const { page, context, errors } = await newPage();
    const sent = await page.request.post('/api/messages', {
      headers: { 'x-forwarded-for': '10.91.0.2', cookie: 'NEXT_LOCALE=fr' },
      data: { name: 'Élise Caron', email: 'elise.caron@example.com', subject: 'question', message: 'Traitez-vous aussi les guêpes ?' },
    });
    expect(sent.status()).toBe(200);
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Messages' }).click();
    const row = page.getByRole('tabpanel', { name: 'Messages' }).getByRole('row').filter({ hasText: 'Élise Caron' });
    await row.getByRole('button', { name: 'Reply: Élise Caron' }).click();

    const dialog = page.getByRole('dialog', { name: 'Reply to Élise Caron' });
    expect(await dialog.getByText('Traitez-vous aussi les guêpes ?').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await dialog.getByText('Write a reply of at least 2 characters').waitFor();

    // The preview shows the letter as Élise will read it, in French: the email's greeting only while
    // the reply has none of its own, then the text and the business's closing (0063). On a 320 px
    // phone the buttons stay where they are while the greeting comes and goes.
    await page.setViewportSize({ width: 320, height: 640 });
    const preview = dialog.getByRole('region', { name: 'What Élise Caron will receive (in French)' });
    const templateGreeting = preview.getByText('Bonjour Élise,', { exact: true });
    const replyBox = dialog.getByLabel('Your reply');
    const send = dialog.getByRole('button', { name: 'Send reply' });
    const sendOffset = () => send.evaluate((button) => {
      const panel = button.closest('[role="dialog"]')!;
      return button.getBoundingClientRect().top - panel.getBoundingClientRect().top + panel.scrollTop;
    });
    await replyBox.fill('Oui, nous traitons aussi les guêpes.');
    await templateGreeting.waitFor();
    await preview.getByText('Oui, nous traitons aussi les guêpes.', { exact: true }).waitFor();
    await preview.getByText(/^Des questions\s\? Appelez-nous au /).waitFor();
    const withTemplateGreeting = await sendOffset();
    await replyBox.fill('Bonjour Élise,\nOui, nous traitons aussi les guêpes.');
    await templateGreeting.waitFor({ state: 'detached' });
    expect(await preview.getByText(/Bonjour/).count()).toBe(1);
    expect(await preview.getByText('Bonjour Élise,\nOui, nous traitons aussi les guêpes.', { exact: true }).isVisible()).toBe(true);
    expect(await sendOffset()).toBe(withTemplateGreeting);
    // Lower case and without accents it is still a greeting; a name that starts like one is not.
    await replyBox.fill('bonjour elise, oui.');
    await templateGreeting.waitFor({ state: 'detached' });
    await replyBox.fill('Hélène vous appellera demain.');
    await templateGreeting.waitFor();
    expect(await dialog.evaluate((panel) => panel.scrollWidth <= panel.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(await findAxeViolations(page)).toEqual([]);

    // Another admin answers first: the refusal says so and what was typed stays in the box.
    const listed = await page.request.get('/api/admin/messages?limit=100');
    const message = ((await listed.json()).messages as { id: number; email: string }[]).find((m) => m.email === 'elise.caron@example.com')!;
    await dialog.getByLabel('Your reply').fill('Oui, les guêpes aussi. À vendredi !');
    expect((await page.request.post(`/api/admin/messages/${message.id}/reply`, { data: { body: 'Oui.' } })).status()).toBe(200);
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await dialog.getByRole('alert').getByText('This message has already been answered. Reload to see the reply.').waitFor();
    expect(await dialog.getByLabel('Your reply').inputValue()).toBe('Oui, les guêpes aussi. À vendredi !');
    await dialog.getByRole('button', { name: 'Cancel' }).first().click();
    // The refusal read the list again: the colleague's reply is there without a reload.
    await row.getByText('Oui.', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Reply: Élise Caron' }).count()).toBe(0);

    // After a reload the row shows the reply, and no Reply button.
    await page.reload();
    await page.getByRole('tab', { name: 'Messages' }).click();
    const answered = page.getByRole('tabpanel', { name: 'Messages' }).getByRole('row').filter({ hasText: 'Élise Caron' });
    await answered.getByText('Oui.', { exact: true }).waitFor();
    expect(await answered.getByText('Replied', { exact: true }).isVisible()).toBe(true);
    expect(await answered.getByRole('button', { name: 'Reply: Élise Caron' }).count()).toBe(0);
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    await context.close();
  });

  it('sends a reply from the dialog: toast, the reply under the message, and the email in the Emails tab', async () => {
    const { page, context, errors } = await newPage();
    const sent = await page.request.post('/api/messages', {
      headers: { 'x-forwarded-for': '10.91.0.3' },
      data: { name: 'Omar Aziz', email: 'omar.aziz@example.com', subject: 'question', message: 'Do you spray near vegetable gardens?' },
    });
    expect(sent.status()).toBe(200);
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Messages' }).click();
    const row = page.getByRole('tabpanel', { name: 'Messages' }).getByRole('row').filter({ hasText: 'Omar Aziz' });
    await row.getByRole('button', { name: 'Reply: Omar Aziz' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reply to Omar Aziz' });
    await dialog.getByLabel('Your reply').fill('We keep a 3 m buffer around edible plants.');
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Your reply to Omar Aziz is on its way.', { exact: true }).first().waitFor();
    expect(await dialog.count()).toBe(0);
    expect(await row.getByText('We keep a 3 m buffer around edible plants.').isVisible()).toBe(true);
    expect(await row.getByText('Replied', { exact: true }).isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Emails' }).click();
    const email = page.getByRole('tabpanel', { name: 'Emails' }).getByRole('row').filter({ hasText: 'omar.aziz@example.com' }).filter({ hasText: 'Reply to a message' });
    // The dashboard reads its lists again after the send: wait for that rather than look once.
    await email.getByRole('link', { name: 'Re: General question' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves a confirmed visit to another Friday with room from the appointments list', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page);
    const appointments = page.getByRole('tabpanel', { name: 'Appointments' });
    // Liam Martin's seasonal plan: its last confirmed visit, shown on its own Friday. Not the first:
    // that one is on the demo route day, which the route manager's tests expect to hold 30 stops.
    const liam = (await listUpcomingVisits(page.request, '&status=confirmed')).filter((v) => v.firstName === 'Liam' && v.lastName === 'Martin').at(-1)!;
    await appointments.getByLabel('Friday', { exact: true }).fill(liam.date);
    await listSettled(appointments);
    const row = appointments.getByRole('row').filter({ hasText: 'Liam Martin' }).filter({ has: page.getByRole('button', { name: /^Move to another Friday/ }) });
    await row.waitFor();
    const before = (await row.getByRole('cell').first().locator('time').textContent())!;
    await row.getByRole('button', { name: /^Move to another Friday/ }).click();

    const dialog = page.getByRole('dialog', { name: "Move Liam Martin's visit" });
    await dialog.waitFor();
    const select = dialog.getByLabel('New Friday');
    await select.waitFor();
    const offered = await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(offered.length).toBeGreaterThan(5);
    expect(offered.every((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 5)).toBe(true);
    const target = offered.at(-1)!;
    await select.selectOption(target);
    await dialog.getByRole('button', { name: 'Move visit' }).click();

    // The server queued the customer's email in the move's transaction, and the toast says so.
    const toastText = page.getByText(/^Liam Martin's visit is now on .+ and confirmed\. The customer gets an email with the new date\.$/);
    await toastText.waitFor();
    const after = /now on (.+) and confirmed/.exec((await toastText.textContent())!)![1]!;
    expect(after).not.toBe(before);
    expect(await dialog.count()).toBe(0);
    // The visit left the Friday the list is filtered on.
    await appointments.getByRole('row').filter({ hasText: 'Liam Martin' }).waitFor({ state: 'detached' });
    // Saved: after a reload, the new Friday lists the visit, confirmed.
    await page.reload();
    const reloaded = page.getByRole('tabpanel', { name: 'Appointments' });
    await reloaded.getByLabel('Friday', { exact: true }).fill(target);
    await listSettled(reloaded);
    const moved = reloaded.getByRole('row').filter({ hasText: 'Liam Martin' }).filter({ hasText: after });
    await moved.waitFor();
    expect(await moved.count()).toBe(1);
    expect(await moved.getByText('Confirmed', { exact: true }).isVisible()).toBe(true);
    // Under its new date, the list says where it started.
    expect(await moved.getByText(`Moved from ${before}`, { exact: true }).isVisible()).toBe(true);
    // The Emails tab names the queued email's kind in words, not by its stored code.
    await page.getByRole('tab', { name: 'Emails' }).click();
    const emails = page.getByRole('tabpanel', { name: 'Emails' });
    const movedEmail = emails.getByRole('row').filter({ hasText: 'liam.martin' }).filter({ hasText: 'Visit moved' });
    expect(await movedEmail.count()).toBeGreaterThan(0);
    expect(await emails.getByRole('cell', { name: 'visit-moved', exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists upcoming visits soonest first, loads more, and filters by view, Friday and status', async () => {
    const { page, context, errors } = await newPage();
    // Fifteen unpaid one-time bookings on one Friday: with the demo season, more than a page of upcoming visits.
    // A late-season Friday: the demo visits fill the early ones, and other journeys use the last three.
    const dates = ((await (await context.request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] }).dates;
    const friday = dates.at(-6)!;
    for (let i = 0; i < 15; i++) {
      const res = await context.request.post('/api/appointments', {
        headers: { 'x-forwarded-for': `10.93.${i}.3` },
        data: { serviceType: 'onetime', propertySize: 0.25, firstName: 'Filter', lastName: `Customer${i}`, email: `filter${i}.${Date.now().toString(36)}@example.com`, phone: '905-555-0133', address: `${i + 1} Locke St S`, city: 'Hamilton', postalCode: 'L8P 4A9', date: friday },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await signInAsAdmin(page);
    const appointments = page.getByRole('tabpanel', { name: 'Appointments' });
    const rows = visitRows(page, appointments);
    const summary = appointments.getByRole('status');

    // Upcoming first, soonest first, one page of 100.
    await appointments.getByText('100 visits shown.', { exact: true }).waitFor();
    expect(await rows.count()).toBe(100);
    const firstPage = await shownDays(page, appointments);
    expect(firstPage.every((day, i) => Number.isFinite(day) && (i === 0 || firstPage[i - 1]! <= day))).toBe(true);
    expect(firstPage[0]).toBeGreaterThanOrEqual(Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) - 86_400_000);

    // Load more continues the same order.
    await appointments.getByRole('button', { name: 'Load more' }).click();
    await summary.filter({ hasNotText: /^100 visits/ }).filter({ hasText: /^\d+ visits shown\.$/ }).waitFor();
    const shown = Number(/^(\d+)/.exec((await summary.textContent())!)![1]);
    expect(shown).toBeGreaterThan(100);
    expect(await rows.count()).toBe(shown);
    const bothPages = await shownDays(page, appointments);
    expect(bothPages.every((day, i) => i === 0 || bothPages[i - 1]! <= day)).toBe(true);

    // One Friday: every visit shown is on it, whatever the view, which waits until the date is cleared.
    const fridayInput = appointments.getByLabel('Friday', { exact: true });
    await fridayInput.fill(friday);
    await listSettled(appointments);
    await summary.filter({ hasText: / visits on / }).waitFor();
    const onFriday = await rows.count();
    expect(onFriday).toBeGreaterThanOrEqual(15);
    expect(new Set(await shownDays(page, appointments)).size).toBe(1);
    expect(await appointments.getByLabel('Show', { exact: true }).isDisabled()).toBe(true);
    expect(await appointments.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // Status: the new bookings wait for payment ('Pending'); none of that Friday's visits is completed.
    const status = appointments.getByLabel('Status', { exact: true });
    await status.selectOption({ label: 'Pending' });
    await listSettled(appointments);
    await appointments.getByRole('row').filter({ hasText: 'Filter Customer14' }).waitFor();
    const pending = await rows.allTextContents();
    expect(pending.length).toBeGreaterThanOrEqual(15);
    expect(pending.every((text) => text.includes('Pending'))).toBe(true);
    await status.selectOption({ label: 'Completed' });
    await listSettled(appointments);
    await appointments.getByText('No visits match these filters.', { exact: true }).waitFor();

    // A day that is not a Friday is refused, with the server's words.
    await fridayInput.fill(addDays(friday, 1));
    await appointments.getByRole('alert').waitFor();
    expect(await appointments.getByRole('alert').textContent()).toBe('Visits are on Fridays only. Please pick a Friday.');
    expect(await fridayInput.getAttribute('aria-invalid')).toBe('true');
    expect(await appointments.getByText('No visits match these filters.', { exact: true }).isVisible()).toBe(true);

    // Cleared, the view applies again: only Fridays before today (Toronto), latest first.
    await appointments.getByRole('button', { name: 'Clear date' }).click();
    await status.selectOption({ label: 'All statuses' });
    await listSettled(appointments);
    await appointments.getByLabel('Show', { exact: true }).selectOption({ label: 'Past visits' });
    await listSettled(appointments);
    await summary.filter({ hasText: /^\d+ visits? shown\.$/ }).waitFor();
    const today = Date.parse(`${findToday(new Date(), 'America/Toronto')}T12:00:00Z`);
    const pastDays = await shownDays(page, appointments);
    expect(pastDays.length).toBeGreaterThan(0);
    expect(pastDays.every((day, i) => day < today && (i === 0 || pastDays[i - 1]! >= day))).toBe(true);
    expect(await appointments.getByRole('alert').count()).toBe(0);
    await appointments.getByLabel('Show', { exact: true }).selectOption({ label: 'All visits' });
    await listSettled(appointments);
    await appointments.getByText('100 visits shown.', { exact: true }).waitFor();
    // The refused Saturday's 400 is expected: only other console errors count.
    expect(errors.filter((e) => !/400/.test(e))).toEqual([]);
    await context.close();
  });

  it('keeps a filtered list true to its filter when a visit is marked completed and back', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page);
    const appointments = page.getByRole('tabpanel', { name: 'Appointments' });
    const rows = visitRows(page, appointments);
    // Last Friday's visit: a visit is marked completed from its day on (0057).
    const visit = await findPastVisit(page.request, 'Filtered');
    const name = 'Filtered Rainday';
    await appointments.getByLabel('Friday', { exact: true }).fill(visit.date);
    await listSettled(appointments);
    const status = appointments.getByLabel('Status', { exact: true });
    await status.selectOption({ label: 'Confirmed' });
    await listSettled(appointments);
    const row = rows.filter({ hasText: name });
    await row.waitFor();
    const confirmedBefore = await rows.count();

    // Completed, it leaves the list of confirmed visits...
    await row.getByRole('button', { name: /^Mark completed/ }).click();
    await finishMarkCompleted(page);
    await page.getByText(new RegExp(`^${name}'s visit on .+ is marked completed\\.$`)).waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(confirmedBefore - 1);
    // ...and is among the completed ones, where it can be taken back.
    await status.selectOption({ label: 'Completed' });
    await listSettled(appointments);
    const done = rows.filter({ hasText: name });
    await done.getByRole('button', { name: /^Undo completed/ }).click();
    await page.getByText(new RegExp(`^${name}'s visit on .+ is confirmed again\\.$`)).waitFor();
    await done.waitFor({ state: 'detached' });
    await status.selectOption({ label: 'Confirmed' });
    await listSettled(appointments);
    await row.waitFor();
    expect(await rows.count()).toBe(confirmedBefore);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps its filter when the dashboard refreshes itself, and shows what changed meanwhile', async () => {
    const { page, context, errors } = await newPage();
    await page.clock.install();
    await signInAsAdmin(page);
    const appointments = page.getByRole('tabpanel', { name: 'Appointments' });
    // Last Friday's visit: a visit is marked completed from its day on (0057).
    const past = await findPastVisit(page.request, 'Refreshed');
    const visit = { id: past.appointmentId, date: past.date, serviceType: 'onetime' };
    const name = 'Refreshed Rainday';
    const fridayInput = appointments.getByLabel('Friday', { exact: true });
    await fridayInput.fill(visit.date);
    await listSettled(appointments);
    const summary = (await appointments.getByRole('status').textContent())!;
    expect(summary).toMatch(/ visits? on /);
    // Someone else completes the visit; the next 30-second refresh shows it, on the same filtered list.
    expect((await markCompletedByApi(page.request, visit)).status()).toBe(200);
    await page.clock.runFor(31_000);
    await appointments.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Completed' }).waitFor();
    expect(await appointments.getByRole('status').textContent()).toBe(summary);
    expect(await fridayInput.inputValue()).toBe(visit.date);
    expect((await page.request.patch(`/api/admin/appointments/${visit.id}`, { data: { status: 'confirmed' } })).status()).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the login form again when the session ends while the dashboard is open', async () => {
    const { page, context, errors } = await newPage();
    await page.clock.install();
    await signInAsAdmin(page);
    await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    // Sign out behind the page's back (as the idle timeout would): the cookie and session are gone.
    const signedOut = await page.request.post('/api/auth/logout');
    expect(signedOut.status()).toBe(200);
    await page.clock.runFor(31_000);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Total Revenue' }).count()).toBe(0);
    // The poll's 401 is expected: only other console errors count.
    expect(errors.filter((e) => !/401/.test(e))).toEqual([]);
    await context.close();
  });

  it('loads older contact messages page by page on the Messages tab', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page);
    // More than a page of messages: each visitor may send five, so each comes from its own address.
    const held = ((await (await context.request.get('/api/admin/messages?limit=500')).json()) as { messages: unknown[] }).messages.length;
    for (let i = held; i < 110; i++) {
      const res = await context.request.post('/api/messages', {
        headers: { 'x-forwarded-for': `10.94.${Math.floor(i / 200)}.${(i % 200) + 1}` },
        data: { name: `Paging Sender${i}`, email: `paging${i}.${Date.now().toString(36)}@example.com`, message: 'When is the next treatment on our street?' },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await page.reload();
    await page.getByRole('tab', { name: 'Messages' }).click();
    const messages = page.getByRole('tabpanel', { name: 'Messages' });
    const rows = messages.getByRole('row').filter({ has: page.getByRole('cell') });
    await messages.getByText('100 messages shown.', { exact: true }).waitFor();
    expect(await rows.count()).toBe(100);

    await messages.getByRole('button', { name: 'Load more' }).click();
    const summary = messages.getByRole('status').filter({ hasNotText: /^100 messages/ });
    await summary.waitFor();
    const shown = Number(/^(\d+) messages shown\.$/.exec((await summary.textContent())!)![1]);
    expect(shown).toBeGreaterThan(100);
    expect(await rows.count()).toBe(shown);
    // The second page continues the first: no message shown twice.
    const senders = (await rows.evaluateAll((cells) => cells.map((row) => row.querySelectorAll('td')[1]?.textContent ?? '')))
      .filter((name) => name.startsWith('Paging Sender'));
    expect(new Set(senders).size).toBe(senders.length);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the day sheets from the dashboard, ready to print', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Day sheets' }).click();
    await page.getByRole('heading', { name: 'Day Sheet' }).waitFor();
    expect(await page.getByRole('button', { name: 'Print day sheet' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists quotes on the quote management page behind the login, loads older ones, and finds one by name or number', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/quotes-admin');
    await page.waitForURL(/\/admin\?next=/);
    await signInAsAdmin(page, '/quotes-admin');
    await page.getByRole('heading', { name: 'Quote Management' }).waitFor();

    // More than a page of quotes. send-quote allows ten per visitor and three per address an hour:
    // each batch comes from its own address, each quote goes to its own email. Zoë's is sent
    // first, so it is the oldest and not on the first page.
    const listAll = async (query = '') => ((await (await context.request.get(`/api/admin/quotes?limit=500${query}`)).json()) as { quotes: { id: number }[] }).quotes;
    const stamp = Date.now();
    const sendQuote = async (ip: string, name: string, email: string) => {
      const res = await context.request.post('/api/send-quote', {
        headers: { 'x-forwarded-for': ip, 'x-real-ip': ip },
        data: {
          name, email, phone: '905-555-0150',
          quoteDetails: { serviceType: 'onetime', propertySize: 0.5, includeTick: false, includeTargetedInsects: false, address: '120 King St W, Hamilton, ON L8P 4V2', totalPrice: 0, lotSizeDisplay: 'Small' },
        },
      });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { quoteId: number }).quoteId;
    };
    const zoe = await sendQuote('10.95.0.1', 'Zoë Lefèbvre', `zoe.lefebvre.${stamp}@example.com`);
    const wanted = 105 - (await listAll()).length;
    for (let batch = 0; batch * 8 < wanted; batch++) {
      const ip = `10.95.1.${batch + 1}`;
      const size = Math.min(8, wanted - batch * 8);
      await Promise.all(Array.from({ length: size }, (_, j) => sendQuote(ip, `Paging Customer ${batch * 8 + j}`, `paging-quote${batch * 8 + j}.${stamp}@example.com`)));
    }
    const everyId = (await listAll()).map((q) => q.id);
    expect(everyId.length).toBeGreaterThan(100);
    expect(everyId.length).toBeLessThanOrEqual(200);

    await page.reload();
    const summary = page.getByRole('status');
    const cardNumbers = async () => (await page.getByRole('heading', { level: 2, name: /^Quote #\d+$/ }).allTextContents()).map((text) => Number(text.slice(7)));
    await page.getByText('100 quotes shown.', { exact: true }).waitFor();
    expect(await cardNumbers()).toEqual(everyId.slice(0, 100));
    expect(await findAxeViolations(page)).toEqual([]);

    // "Load more" continues after the last card: every quote once, newest first, and no further page.
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText(`${everyId.length} quotes shown.`, { exact: true }).waitFor();
    expect(await cardNumbers()).toEqual(everyId);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // The oldest quote, found by the customer's name without its accents and a word of the email.
    const search = page.getByRole('searchbox', { name: 'Search quotes' });
    await search.fill(`zoe LEFEBVRE ${stamp}`);
    await page.getByText('1 quote shown.', { exact: true }).waitFor();
    expect(await cardNumbers()).toEqual([zoe]);
    expect(await page.getByText(`zoe.lefebvre.${stamp}@example.com`).isVisible()).toBe(true);
    // By its number, as the card writes it.
    await search.fill('');
    await page.getByText('100 quotes shown.', { exact: true }).waitFor();
    await search.fill(`#${zoe}`);
    await search.press('Enter');
    await page.getByText('1 quote shown.', { exact: true }).waitFor();
    expect(await cardNumbers()).toEqual([zoe]);

    // A status with no quotes says so; every quote here was sent.
    await search.fill('');
    await page.getByText('100 quotes shown.', { exact: true }).waitFor();
    const status = page.getByLabel('Status', { exact: true });
    const pending = await listAll('&status=pending');
    await status.selectOption({ label: 'Pending' });
    await summary.filter({ hasText: pending.length ? `${pending.length} quote` : 'No quotes match these filters.' }).waitFor();
    expect(await cardNumbers()).toEqual(pending.map((q) => q.id));
    expect(await findAxeViolations(page)).toEqual([]);
    await status.selectOption({ label: 'Sent' });
    await page.getByText('100 quotes shown.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Load more' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps staff APIs closed without a session', async () => {
    const { page, context } = await newPage();
    for (const path of ['/api/admin/dashboard', '/api/admin/outbox/1', '/api/admin/customers?q=olivia', '/api/admin/appointments', '/api/admin/appointments?view=past']) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(401);
    }
    for (const path of ['/api/admin/appointments/1', '/api/admin/messages/1']) {
      const res = await page.request.patch(path, { data: { status: 'completed' } });
      expect(res.status(), path).toBe(401);
    }
    await context.close();
  });
});
