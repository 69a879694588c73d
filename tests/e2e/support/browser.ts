import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(): string {
  const found = CANDIDATES.find((p): p is string => !!p && existsSync(p));
  if (!found) throw new Error('Chromium not found: install the Debian package `chromium` (see README).');
  return found;
}

// Offline machine: keep Chromium from reaching for Google's services.
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run', '--disable-default-apps',
];

let browser: Browser | undefined;

/** One browser per test file; each test opens its own context (cookies, storage). */
export function setupBrowser() {
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  const baseURL = () => inject('baseURL');
  return {
    baseURL,
    /** A new page; unexpected console errors and page errors are collected so a test can fail on them. */
    async newPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({ baseURL: baseURL(), locale: 'en-CA', timezoneId: 'America/Toronto', ...options });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
      page.on('pageerror', (err) => errors.push(err.message));
      return { page, context, errors };
    },
  };
}
