import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { openOwnStopOnDaySheet } from './support/day-sheet';
import { signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

type SheetStop = { appointment: { id: number; status: string; completedAt: string | null; visitNote: string | null } };

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('the day sheet without signal (docs/decisions/0045)', () => {
  it('keeps a done mark made offline on the phone, shows the saved day, and sends the mark dated when it was pressed once signal is back (360 px)', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 360, height: 740 } });
    await signInAsAdmin(page, '/day-sheet');
    const request = context.request;

    // Its own paid visit on the last Friday, planned, on its technician's day sheet (a visit is marked done from its day on).
    const { date, booking, technicianId, stop } = await openOwnStopOnDaySheet(page, request, 'Nosignal');
    const markDone = stop.getByRole('button', { name: 'Mark done: Nosignal Rainday' });
    await markDone.waitFor();
    const readStop = async () => {
      const day = (await (await request.get(`/api/routes/technician?date=${date}&technicianId=${technicianId}`)).json()) as { route: { appointments: SheetStop[] } };
      return day.route.appointments.find((s) => s.appointment.id === booking.appointmentId)!.appointment;
    };

    // Without signal the sheet's reads fail here as on a phone, whatever else handles them.
    let noSignal = false;
    await page.route('**/api/routes/technician?*', (route) => (noSignal ? route.abort('internetdisconnected') : route.fallback()));

    // The signal drops in the back yard; the technician marks the stop done with its record and a note.
    noSignal = true;
    await context.setOffline(true);
    await markDone.click();
    const dialog = page.getByRole('dialog', { name: 'Mark the visit to Nosignal Rainday done' });
    await dialog.getByRole('combobox', { name: 'Product', exact: true }).selectOption({ label: 'Demo Barrier Concentrate (PCP 99901)' });
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('15');
    await dialog.getByRole('textbox', { name: 'Note to the customer (optional)' }).fill('Sprayed along the back fence');
    const beforePress = Date.now();
    await dialog.getByRole('button', { name: 'Mark done', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // Done at once on the phone, clearly waiting; nothing has reached the office yet.
    const waiting = stop.getByText('Waiting for signal — will be sent automatically');
    await waiting.waitFor();
    await stop.getByText('Done', { exact: true }).waitFor();
    await stop.getByText('Note to the customer: Sprayed along the back fence').waitFor();
    await page.getByText('The visit to Nosignal Rainday is marked done on this phone and will be sent automatically when there is signal.').first().waitFor();
    await page.getByText('1 change is waiting on this phone for signal. It will be sent automatically.').waitFor();
    const undo = stop.getByRole('button', { name: 'Undo: Nosignal Rainday' });
    await expect.poll(() => undo.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await readStop()).status).toBe('confirmed');

    // The day read again without signal (another date, then this one): the copy saved on the phone,
    // said so, with the waiting mark on top.
    const dateField = page.getByLabel('Service date');
    await dateField.fill(addDays(date, 7));
    await page.getByRole('alert').filter({ hasText: 'Failed to load appointments. Please try again.' }).waitFor();
    await dateField.fill(date);
    const banner = page.getByRole('status').filter({ hasText: /^No signal — showing the copy saved at / });
    await banner.waitFor();
    await waiting.waitFor();
    await stop.getByText('Done', { exact: true }).waitFor();
    await undo.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await findAxeViolations(page)).toEqual([]);

    // Signal is back: the mark goes by itself, the sheet is read again, the badge and banner go.
    const onlineAt = Date.now();
    noSignal = false;
    await context.setOffline(false);
    await waiting.waitFor({ state: 'detached' });
    await banner.waitFor({ state: 'detached' });
    await page.getByText('The change that waited on this phone has reached the office.').first().waitFor();
    const delivered = await readStop();
    expect(delivered.status).toBe('completed');
    expect(delivered.visitNote).toBe('Sprayed along the back fence');
    // Dated when the button was pressed, not when the signal came back.
    const completedAt = Date.parse(delivered.completedAt!);
    expect(completedAt).toBeGreaterThanOrEqual(beforePress);
    expect(completedAt).toBeLessThan(onlineAt);

    // The customer's report is queued once.
    const { outbox } = (await (await request.get('/api/admin/outbox?limit=100')).json()) as { outbox: { kind: string; toAddress: string }[] };
    expect(outbox.filter((o) => o.kind === 'visit-report' && o.toAddress.startsWith('nosignal.'))).toHaveLength(1);

    // Read anew from the server: done, nothing waiting.
    await page.reload();
    await page.getByLabel('Technician').selectOption(String(technicianId));
    await stop.getByText('Done', { exact: true }).waitFor();
    await stop.getByRole('button', { name: 'Undo: Nosignal Rainday' }).waitFor();
    expect(await stop.getByText('Waiting for signal — will be sent automatically').count()).toBe(0);
    expect(await page.getByText(/changes? (is|are) waiting on this phone/).count()).toBe(0);
    expect(await findAxeViolations(page)).toEqual([]);

    expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });

  it('a mark that reached the office but whose answer was lost, then taken back by the office: sent again, it is not applied twice and the phone shows the office\'s status (0052)', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 360, height: 740 } });
    await signInAsAdmin(page, '/day-sheet');
    const request = context.request;
    const { date, booking, technicianId, stop } = await openOwnStopOnDaySheet(page, request, 'Lostanswer');
    const markDone = stop.getByRole('button', { name: 'Mark done: Lostanswer Rainday' });
    await markDone.waitFor();
    const readStop = async () => {
      const day = (await (await request.get(`/api/routes/technician?date=${date}&technicianId=${technicianId}`)).json()) as { route: { appointments: SheetStop[] } };
      return day.route.appointments.find((s) => s.appointment.id === booking.appointmentId)!.appointment;
    };
    const visitReports = async () => {
      const { outbox } = (await (await request.get('/api/admin/outbox?limit=100')).json()) as { outbox: { kind: string; toAddress: string }[] };
      return outbox.filter((o) => o.kind === 'visit-report' && o.toAddress.startsWith('lostanswer.')).length;
    };

    // The signal drops on the way back: each change reaches the server, its answer never reaches the phone.
    let loseAnswers = true;
    const sentIds: unknown[] = [];
    await page.route('**/api/routes/technician/stops/*', async (route) => {
      sentIds.push((route.request().postDataJSON() as { changeId?: unknown }).changeId);
      if (!loseAnswers) return route.fallback();
      await route.fetch();
      return route.abort('internetdisconnected');
    });

    await markDone.click();
    const dialog = page.getByRole('dialog', { name: 'Mark the visit to Lostanswer Rainday done' });
    await dialog.getByRole('combobox', { name: 'Product', exact: true }).selectOption({ label: 'Demo Barrier Concentrate (PCP 99901)' });
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('15');
    await dialog.getByRole('button', { name: 'Mark done', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // Kept on the phone as waiting, though the office has it already.
    const waiting = stop.getByText('Waiting for signal — will be sent automatically');
    await waiting.waitFor();
    expect((await readStop()).status).toBe('completed');
    expect(await visitReports()).toBe(1);

    // The office takes the completion back from the dashboard.
    expect((await request.patch(`/api/admin/appointments/${booking.appointmentId}`, { data: { status: 'confirmed' } })).status()).toBe(200);

    // Signal is back: the phone sends its mark again, the same change by its id.
    loseAnswers = false;
    await page.getByRole('button', { name: 'Send now' }).click();
    await waiting.waitFor({ state: 'detached' });
    await page.getByText('Changed by the office: Lostanswer Rainday').first().waitFor();
    await stop.getByText('Your done mark for Lostanswer Rainday reached the office, but the office changed the visit after it. The stop now shows the office\'s status.').waitFor();
    // Open on the phone as at the office, not done a second time.
    await markDone.waitFor();
    expect(await stop.getByText('Done', { exact: true }).count()).toBe(0);
    expect((await readStop()).status).toBe('confirmed');
    expect(await visitReports()).toBe(1);
    expect(sentIds.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sentIds).size).toBe(1);
    expect(sentIds[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await page.getByText(/changes? (is|are) waiting on this phone/).count()).toBe(0);
    expect(await findAxeViolations(page)).toEqual([]);

    expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });

  it('a mark kept on the phone for more than 30 days: the office refuses it, the phone drops it and says so, naming the customer (0057)', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 360, height: 740 } });
    await signInAsAdmin(page, '/day-sheet');
    const request = context.request;
    const { date, booking, technicianId, stop } = await openOwnStopOnDaySheet(page, request, 'Drawer');
    const markDone = stop.getByRole('button', { name: 'Mark done: Drawer Rainday' });
    await markDone.waitFor();

    // No signal: the mark waits on the phone.
    let noSignal = true;
    const sent: { takenAt?: unknown; changeId?: unknown }[] = [];
    await page.route('**/api/routes/technician/stops/*', (route) => {
      sent.push(route.request().postDataJSON() as { takenAt?: unknown; changeId?: unknown });
      return noSignal ? route.abort('internetdisconnected') : route.fallback();
    });
    await markDone.click();
    const dialog = page.getByRole('dialog', { name: 'Mark the visit to Drawer Rainday done' });
    await dialog.getByRole('combobox', { name: 'Product', exact: true }).selectOption({ label: 'Demo Barrier Concentrate (PCP 99901)' });
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('15');
    await dialog.getByRole('textbox', { name: 'Note to the customer (optional)' }).fill('Behind the shed');
    await dialog.getByRole('button', { name: 'Mark done', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const waiting = stop.getByText('Waiting for signal — will be sent automatically');
    await waiting.waitFor();
    // Sent with when it was pressed, beside its id.
    expect(sent[0]).toMatchObject({ changeId: expect.any(String), takenAt: expect.any(String) });

    // The phone then spent a month in a drawer: the kept change was pressed 31 days ago.
    const monthAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await page.evaluate((takenAt) => {
      for (const key of Object.keys(localStorage).filter((k) => k.includes('.outbox.'))) {
        const changes = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>[];
        localStorage.setItem(key, JSON.stringify(changes.map((change) => ({ ...change, takenAt }))));
      }
    }, monthAgo);

    // Signal: the office refuses it without writing anything; the phone drops it and tells the technician.
    noSignal = false;
    await page.getByRole('button', { name: 'Send now' }).click();
    await waiting.waitFor({ state: 'detached' });
    await page.getByText('Not sent: Drawer Rainday').first().waitFor();
    const notice = 'Your done mark for Drawer Rainday waited on this phone for more than 30 days, so it was not sent: the office can no longer tell whether it already arrived. Check the visit with the office.';
    await stop.getByText(notice).waitFor();
    await markDone.waitFor();
    expect(await stop.getByText('Done', { exact: true }).count()).toBe(0);
    expect(await page.getByText(/changes? (is|are) waiting on this phone/).count()).toBe(0);
    expect(sent.at(-1)).toMatchObject({ takenAt: monthAgo });
    const day = (await (await request.get(`/api/routes/technician?date=${date}&technicianId=${technicianId}`)).json()) as { route: { appointments: SheetStop[] } };
    expect(day.route.appointments.find((s) => s.appointment.id === booking.appointmentId)!.appointment).toMatchObject({ status: 'confirmed', completedAt: null });
    const { outbox } = (await (await request.get('/api/admin/outbox?limit=100')).json()) as { outbox: { kind: string; toAddress: string }[] };
    expect(outbox.filter((o) => o.kind === 'visit-report' && o.toAddress.startsWith('drawer.'))).toHaveLength(0);
    expect(await findAxeViolations(page)).toEqual([]);

    // Its note comes back in the dialog, to mark the visit again if it was never done.
    await markDone.click();
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Note to the customer (optional)' }).inputValue()).toBe('Behind the shed');

    expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED') && !e.includes('410'))).toEqual([]);
    await context.close();
  });

  it('"Couldn\'t treat" recorded without signal is kept, sent once signal is back dated when pressed, and the office finds the visit under "Needs a new date" (0086)', async () => {
    const { page, context, errors } = await newPage({ viewport: { width: 360, height: 740 } });
    await signInAsAdmin(page, '/day-sheet');
    const request = context.request;
    const { date, booking, technicianId, stop } = await openOwnStopOnDaySheet(page, request, 'Deadzone');
    type MarkedStop = { appointment: { id: number; status: string; notTreatedReason: string | null; notTreatedNote: string | null; notTreatedAt: string | null } };
    const readStop = async () => {
      const day = (await (await request.get(`/api/routes/technician?date=${date}&technicianId=${technicianId}`)).json()) as { route: { appointments: MarkedStop[] } };
      return day.route.appointments.find((s) => s.appointment.id === booking.appointmentId)!.appointment;
    };
    const couldNotTreat = stop.getByRole('button', { name: "Couldn't treat the visit to Deadzone Rainday" });
    await couldNotTreat.waitFor();

    // No signal at the locked gate.
    let noSignal = true;
    await page.route('**/api/routes/technician?*', (route) => (noSignal ? route.abort('internetdisconnected') : route.fallback()));
    await context.setOffline(true);
    await couldNotTreat.click();
    const dialog = page.getByRole('dialog', { name: "Couldn't treat the visit to Deadzone Rainday" });
    await dialog.getByRole('combobox', { name: 'Why not?' }).selectOption({ label: 'Gate locked or no access' });
    await dialog.getByRole('textbox', { name: 'Note for the office' }).fill('Padlock on the side gate');
    const beforePress = Date.now();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // Recorded on the phone, clearly waiting, with its Undo; nothing has reached the office yet.
    const waiting = stop.getByText('Waiting for signal — will be sent automatically');
    await waiting.waitFor();
    await stop.getByText('Not treated: Gate locked or no access').waitFor();
    await page.getByText('Deadzone Rainday is recorded as not treated on this phone. It will be sent to the office automatically when there is signal.').first().waitFor();
    await stop.getByRole('button', { name: "Undo Couldn't treat for Deadzone Rainday" }).waitFor();
    expect((await readStop()).notTreatedReason).toBeNull();
    expect(await findAxeViolations(page)).toEqual([]);

    // Signal is back: sent by itself, dated when it was pressed.
    const onlineAt = Date.now();
    noSignal = false;
    await context.setOffline(false);
    await waiting.waitFor({ state: 'detached' });
    await page.getByText('The change that waited on this phone has reached the office.').first().waitFor();
    const delivered = await readStop();
    expect(delivered).toMatchObject({ status: 'confirmed', notTreatedReason: 'no-access', notTreatedNote: 'Padlock on the side gate' });
    expect(Date.parse(delivered.notTreatedAt!)).toBeGreaterThanOrEqual(beforePress);
    expect(Date.parse(delivered.notTreatedAt!)).toBeLessThan(onlineAt);

    // The office sees that visits need a new Friday and lists them in one click.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('status').filter({ hasText: /visits? needs? a new date/ }).waitFor();
    await page.getByRole('button', { name: 'Show them' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Deadzone Rainday' });
    await row.getByText('Not treated: Gate locked or no access').waitFor();
    await row.getByRole('button', { name: /^Move to another Friday: Deadzone Rainday/ }).waitFor();
    expect(await findAxeViolations(page)).toEqual([]);

    expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });
});
