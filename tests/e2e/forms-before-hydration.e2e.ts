import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { waitForReact } from './support/hydration';
import { readBusinessDetails, restoreBusinessDetails, signInAsAdmin } from './support/staff';

const { newPage } = setupBrowser();

/** The page as a slow phone has it before its scripts arrive: the server's HTML, no React. */
async function openWithoutScripts(page: Page, path: string) {
  await page.route('**/_next/static/chunks/**', (route) => route.abort());
  await page.goto(path);
}

describe('forms before the page has its scripts', () => {
  it('keeps a password out of the address bar: the login button waits for the script', async () => {
    const { page, context } = await newPage();
    await openWithoutScripts(page, '/admin');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('mosquito-demo');
    expect(await page.getByRole('button', { name: 'Login' }).isDisabled()).toBe(true);
    // Enter in a field of a form whose submit button is disabled sends nothing.
    await page.getByLabel('Password').press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).not.toContain('mosquito-demo');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Password').inputValue()).toBe('mosquito-demo');
    await context.close();
  });

  it('keeps what a visitor typed in the contact form until the script can send it', async () => {
    const { page, context } = await newPage();
    await openWithoutScripts(page, '/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Email address').fill('jo.tremblay@example.ca');
    await form.getByLabel('Email address').press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).not.toContain('example.ca');
    expect(await form.getByLabel('Email address').inputValue()).toBe('jo.tremblay@example.ca');
    await context.close();
  });

  it('renders every server-side form as a POST form with its submit button disabled until hydration', async () => {
    const { page, context } = await newPage();
    for (const path of ['/admin', '/contact', '/book', '/request-service']) {
      const html = await (await page.request.get(path)).text();
      const forms = [...html.matchAll(/<form\b[^>]*>/g)].map((m) => m[0]);
      expect(forms.length, path).toBeGreaterThan(0);
      for (const tag of forms) expect(tag, path).toMatch(/method="post"/);
      const submits = [...html.matchAll(/<button\b[^>]*type="submit"[^>]*>/g)].map((m) => m[0]);
      expect(submits.length, path).toBeGreaterThan(0);
      for (const tag of submits) expect(tag, path).toMatch(/\bdisabled\b/);
    }
    await context.close();
  });

  it('enables the buttons once the page is interactive', async () => {
    const { page, errors, context } = await newPage();
    await page.goto('/contact');
    const send = page.getByRole('form', { name: 'Contact form' }).getByRole('button', { name: 'Send Message' });
    await expect.poll(() => send.isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Every named field of the page's forms as it shows it: its value, or whether a radio or checkbox is ticked. */
async function readFields(page: Page): Promise<Record<string, string>> {
  return page.locator('main').evaluate((main) => Object.fromEntries(
    [...main.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('form input[name], form select[name], form textarea[name]')]
      .filter((el) => !(el instanceof HTMLInputElement && el.type === 'password'))
      .map((el) => (el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox')
        ? [`${el.form?.getAttribute('aria-label') ?? el.form?.getAttribute('aria-labelledby')} ${el.name}=${el.value}`, String(el.checked)]
        : [`${el.form?.getAttribute('aria-label') ?? el.form?.getAttribute('aria-labelledby')} ${el.name}`, el.value])),
  ));
}

/**
 * Holds the page's scripts back until `release` is called: the page as it stands while a slow
 * phone fetches them, which a person can already type into.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/_next/static/chunks/**', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('staff forms before the page has its scripts (docs/decisions/0094)', () => {
  it('shows the stored values in the server HTML, the same the form shows once it runs', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page);
    for (const path of ['/business', '/technicians', '/products', '/staff-accounts']) {
      await page.goto(path);
      await waitForReact(page.locator('main form').first().locator('input, select').first());
      const hydrated = await readFields(page);
      // Something stored or chosen is shown on each screen, not only empty boxes.
      expect(Object.values(hydrated).filter((value) => value !== '' && value !== 'false').length, path).toBeGreaterThan(0);

      const bare = await context.newPage();
      await openWithoutScripts(bare, path);
      expect(await readFields(bare), path).toEqual(hydrated);
      await bare.close();
    }
    const stored = await readBusinessDetails(context.request);
    const bare = await context.newPage();
    await openWithoutScripts(bare, '/business');
    expect(await bare.getByRole('textbox', { name: 'Legal business name' }).inputValue()).toBe(stored.legalName);
    expect(await bare.getByRole('combobox', { name: 'Province or territory' }).inputValue()).toBe(stored.province);
    await bare.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps what an admin typed before the business details form ran, and saves it', async () => {
    const { page, context, errors } = await newPage();
    await signInAsAdmin(page);
    const original = await readBusinessDetails(context.request);
    try {
      const release = await holdScripts(page);
      await page.goto('/business', { waitUntil: 'commit' });
      const legalName = page.getByRole('textbox', { name: 'Legal business name' });
      const city = page.getByRole('textbox', { name: 'City' });
      await expect.poll(() => legalName.inputValue()).toBe(original.legalName);
      await legalName.fill('Escarpment Pest Control Inc.');
      release();
      const save = page.getByRole('button', { name: 'Save business details' });
      await expect.poll(() => save.isEnabled()).toBe(true);
      await waitForReact(legalName);
      expect(await legalName.inputValue()).toBe('Escarpment Pest Control Inc.');
      // The field not touched still holds what is stored.
      expect(await city.inputValue()).toBe(original.city);
      await save.click();
      await page.getByText('Business details saved', { exact: true }).waitFor();
      const saved = await readBusinessDetails(context.request);
      expect(saved.legalName).toBe('Escarpment Pest Control Inc.');
      expect(saved.city).toBe(original.city);
      expect(errors).toEqual([]);
    } finally {
      await restoreBusinessDetails(context.request, original);
      await context.close();
    }
  });
});
