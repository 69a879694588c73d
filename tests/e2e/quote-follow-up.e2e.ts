import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { PAST_QUOTES } from './support/past-quotes';
import { signInAsAdmin } from './support/staff';
import { toast } from './support/toast';

const { newPage } = setupBrowser();

/**
 * Searches /quotes-admin for one customer's quote and waits for the search's own answer: the list
 * may already show "1 quote shown." before it (a run whose only quote is this one), and it is
 * dimmed while the search loads.
 */
async function findQuote(page: Page, email: string) {
  const searched = page.waitForResponse((res) => res.url().includes('/api/admin/quotes?') && res.url().includes(encodeURIComponent(email)));
  await page.getByLabel('Search quotes').fill(email);
  await searched;
  await page.getByText('1 quote shown.').waitFor();
}

describe('the office sends a quote again from the quotes admin (0059)', () => {
  it('confirms to whom, in which language and at which total, sends it, says so, and the card shows the last send', async () => {
    const past = PAST_QUOTES[0];
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page, '/quotes-admin');
    await page.getByRole('heading', { name: 'Quote Management' }).waitFor();
    await findQuote(page, past.email);

    const card = page.getByRole('listitem').filter({ hasText: past.email });
    const number = (await card.getByRole('heading', { level: 2 }).textContent())!;
    const id = number.replace('Quote #', '');
    const opener = card.getByRole('button', { name: `Send again ${number}` });
    await opener.click();

    const dialog = page.getByRole('alertdialog', { name: `Send quote #${id} again?` });
    await dialog.getByText(`The quote email goes to ${past.email}, in French.`).waitFor();
    await dialog.getByText('It shows the quote’s total of $111.87.').waitFor();
    await dialog.getByText('Send it only if the customer has not asked us to stop emailing them.').waitFor();
    expect(await findAxeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Send email' }).click();
    await toast(page, 'Quote sent again').waitFor();
    await toast(page, `Quote #${id} is on its way to ${past.email}.`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText(/^Last sent .+ by Administrator · sent again once$/).waitFor();
    expect(await card.getByText('Sent', { exact: true }).isVisible()).toBe(true);
    // Focus is back on the button that opened the dialog.
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

    // The email waits in the outbox, in French, at the quote's total.
    const outbox = (await (await page.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string; subject: string; text: string }[] };
    const email = outbox.emails.find((m) => m.kind === 'quote-follow-up' && m.toAddress === past.email);
    expect(email?.subject).toBe('Suivi de votre soumission – Traitement unique – Escarpment Mosquito & Tick');
    expect(email?.text).toContain('111,87\u00a0$');

    // A second send the same day is refused before anything is sent, and the card says the same after a reload.
    await opener.click();
    await dialog.getByText(/^This quote was emailed less than 24 hours ago\. It can be sent again from .+\.$/).waitFor();
    expect(await dialog.getByRole('button', { name: 'Send email' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    // The address keeps the search (0068): the reloaded page opens on the same quote.
    await page.reload();
    expect(await page.getByLabel('Search quotes').inputValue()).toBe(past.email);
    await page.getByText('1 quote shown.').waitFor();
    await card.getByText(/^Last sent .+ by Administrator · sent again once$/).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
