import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { signInAsTechnician } from './support/staff';

const { newPage, baseURL } = setupBrowser();

describe('site shell', () => {
  it('renders the home page with header, footer and no console errors', async () => {
    const { page, errors, context } = await newPage();
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.getByRole('link', { name: 'Schedule Now' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Privacy Policy' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches language from the menu, sets <html lang>, and keeps the choice after a reload', async () => {
    const { page, context } = await newPage();
    await page.goto('/');
    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(/\/de$/);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.getByRole('link', { name: 'Jetzt buchen' }).first().isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('preferredLanguage'))).toBe('de');
    await page.reload();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    // Coming back to the unprefixed address follows the stored preference.
    await page.goto('/');
    await page.waitForURL(/\/de$/);
    await context.close();
  });

  it('serves French at /fr and follows a French browser on a first visit', async () => {
    const { page, context } = await newPage({ locale: 'fr-CA' });
    await page.goto('/');
    await page.waitForURL(/\/fr$/);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.getByRole('link', { name: 'Réserver maintenant' }).first().isVisible()).toBe(true);
    await context.close();
  });

  it('answers an unknown path with the 404 page, and an unknown city with a redirect home', async () => {
    const { page, context } = await newPage();
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);

    await page.goto('/atlantis');
    await page.waitForURL(`${baseURL()}/`);
    await context.close();
  });

  it('opens and closes the mobile menu at 375 px; a followed link closes it', async () => {
    const { page, context } = await newPage({ viewport: { width: 375, height: 740 } });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link').filter({ hasText: 'Grimsby' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(await menu.count()).toBe(0);
    await toggle.click();
    await menu.getByRole('link', { name: 'FAQ' }).click();
    expect(await page.locator('#mobile-menu').count()).toBe(0);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    await context.close();
  });
});

describe('staff sign-in', () => {
  it('sends a visitor without a session from a staff page to the login form', async () => {
    const { page, context } = await newPage();
    await page.goto('/quotes-admin');
    await page.waitForURL(/\/admin\?next=%2Fquotes-admin/);
    expect(await page.getByRole('heading', { name: 'Staff Login' }).isVisible()).toBe(true);
    const api = await page.request.get('/api/auth/login');
    expect(api.status()).toBe(405);
    await context.close();
  });

  it('refuses bad credentials with the Login Failed toast, then signs in and out', async () => {
    const { page, context } = await newPage();
    await page.goto('/admin');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid username or password.', { exact: true }).waitFor();
    expect(await page.getByText('Login Failed', { exact: true }).isVisible()).toBe(true);

    await page.getByLabel('Password').fill('mosquito-demo');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Login Successful', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'staff_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');

    await page.goto('/quotes-admin');
    expect(new URL(page.url()).pathname).toBe('/quotes-admin');

    await page.goto('/admin');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Logged Out', { exact: true }).waitFor();
    await page.getByText('You have been successfully logged out.', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
    await context.close();
  });

  it('gives a technician their day sheet, not the office dashboard or its data', async () => {
    const { page, context } = await newPage();
    await signInAsTechnician(page);
    expect((await page.request.get('/api/customers')).status()).toBe(403);
    // Their landing is the day sheet (0110); /admin still only points them there.
    await page.goto('/admin');
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: 'Your day sheet' }).click();
    await page.waitForURL((url) => url.pathname === '/day-sheet');
    await context.close();
  });
});
