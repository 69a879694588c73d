import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';

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
