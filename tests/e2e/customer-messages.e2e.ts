import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { signInAsOffice } from './support/staff';
import { toast } from './support/toast';

const { newPage } = setupBrowser();

describe('the customer page shows the customer\'s contact messages (docs/decisions/0112)', () => {
  it('a visitor writes in with a customer\'s address; the office sees it on the customer\'s page and follows it to the inbox', async () => {
    const stamp = Date.now().toString(36);
    const email = `maria.lopez.${stamp}@example.com`;
    const office = await newPage();
    const created = await office.page.request.post('/api/customers', {
      headers: { 'x-forwarded-for': '10.112.0.1' },
      data: { firstName: 'Maria', lastName: `Lopez Garcia${stamp}`, email, phone: '905-555-0187', address: '12 Locke St S', city: 'Hamilton', postalCode: 'L8P 4A9' },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const { id } = (await created.json()) as { id: number };

    // The visitor types her address in capitals through the site's contact form.
    const visitor = await newPage({ extraHTTPHeaders: { 'x-real-ip': '198.51.100.112' } });
    await visitor.context.addInitScript(() => sessionStorage.setItem('hasSeenPromo', 'true'));
    await visitor.page.goto('/#contact');
    const form = visitor.page.locator('#contact').getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send Message' }).waitFor();
    await form.getByLabel('Name', { exact: true }).fill(`Maria Lopez Garcia${stamp}`);
    await form.getByLabel('Email address').fill(email.toUpperCase());
    await form.getByLabel('Message').fill(`When does my refund arrive? (${stamp})`);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await toast(visitor.page, 'Message sent').waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    await signInAsOffice(office.page);
    // Her acknowledgement greets her by her first name, as the booking emails do.
    const { emails } = (await (await office.page.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string; text: string }[] };
    const ack = emails.find((m) => m.kind === 'contact-ack' && m.toAddress.toLowerCase() === email);
    expect(ack?.text).toMatch(/^Hi Maria,\n/m);

    await office.page.goto(`/customer-details?id=${id}`);
    const section = office.page.getByRole('region', { name: 'Messages' });
    const item = section.getByRole('listitem').filter({ hasText: `When does my refund arrive? (${stamp})` });
    await item.waitFor();
    expect(await item.getByText('New', { exact: true }).isVisible()).toBe(true);
    const link = item.getByRole('link');
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/admin\?tab=messages#message-\d+$/);
    await link.click();
    await office.page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('tab') === 'messages');
    expect(await office.page.getByRole('tab', { name: 'Messages' }).getAttribute('aria-selected')).toBe('true');
    const row = office.page.locator(href.slice(href.indexOf('#')));
    await row.getByText(`When does my refund arrive? (${stamp})`).waitFor();
    expect(await row.isVisible()).toBe(true);
    expect(office.errors).toEqual([]);
    await office.context.close();
  });
});
