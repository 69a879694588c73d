import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { watchPolicy } from './support/csp';
import { signInAsAdmin } from './support/staff';

const { newPage, baseURL } = setupBrowser();

describe('security headers', () => {
  it('sends the policy and the browser protections on pages and API answers alike', async () => {
    const { page, context } = await newPage();
    for (const path of ['/', '/contact', '/api/health', '/no/such/page']) {
      const res = await page.request.get(path);
      const headers = res.headers();
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'self'");
      expect(headers['content-security-policy'], path).not.toContain('unsafe-eval');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-frame-options'], path).toBe('SAMEORIGIN');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['strict-transport-security'], path).toBe('max-age=63072000');
    }
    await context.close();
  });

  it('breaks nothing the site does: forms validate, staff sign in, the email preview shows', async () => {
    const { page, errors, context } = await newPage();
    const violations = await watchPolicy(page);
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    // A refused field runs the form's schema in the browser, which must not need eval. (Not sent:
    // the contact form's per-address limit belongs to the contact tests of the same server run.)
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText('Name is required').waitFor();
    expect(await violations()).toEqual([]);

    await signInAsAdmin(page, '/email-preview');
    const preview = page.frameLocator('iframe[title="Email Preview"]');
    await preview.getByRole('heading').first().waitFor();
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the login form\'s next page', () => {
  it('stays on this site when ?next= only becomes another host once its dots are resolved', async () => {
    const { page, context } = await newPage();
    await page.route('http://evil.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Somewhere else</h1>' }));
    await page.goto(`/admin?next=${encodeURIComponent('/..//evil.example/')}`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('mosquito-demo');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(new URL(page.url()).host).toBe(new URL(baseURL()).host);
    await context.close();
  });
});

describe('requests another site makes with the visitor\'s browser', () => {
  it('refuses a form another site posts to the API, and the message is not stored', async () => {
    const { page, context } = await newPage();
    const target = `${baseURL()}/api/messages`;
    // A page on another site: a hidden form that posts JSON as text/plain, which needs no CORS preflight.
    await page.route('http://attacker.test/**', (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><form id="f" method="post" enctype="text/plain" action="${target}">
        <input type="hidden" name='{"name":"Cross Site","email":"cross.site@example.com","message":"Sent by another site, not by the visitor.","x":"' value='"}'>
        </form><script>document.getElementById('f').submit()</script>`,
    }));
    const [answer] = await Promise.all([page.waitForResponse(target), page.goto('http://attacker.test/')]);
    expect(answer.status()).toBe(403);
    expect(answer.request().headers()['content-type']).toContain('text/plain');

    await signInAsAdmin(page);
    const stored = (await (await page.request.get('/api/messages')).json()) as { email: string }[];
    expect(stored.some((m) => m.email === 'cross.site@example.com')).toBe(false);
    await context.close();
  });

  it('answers 413 to a body over 64 KiB, before a handler reads it', async () => {
    const { page, context } = await newPage();
    const res = await page.request.post('/api/messages', {
      headers: { 'content-type': 'application/json' },
      data: JSON.stringify({ name: 'Big Body', email: 'big@example.com', message: 'x'.repeat(200_000) }),
    });
    expect(res.status()).toBe(413);
    await context.close();
  });
});
