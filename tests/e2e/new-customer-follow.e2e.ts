import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './support/axe';
import { setupBrowser } from './support/browser';
import { signInAsOffice } from './support/staff';
import { toast } from './support/toast';

const { newPage } = setupBrowser();

describe('the office adds a caller\'s family member and emails a booking link (0105)', () => {
  it('warns of a phone already on file in another format, preselects the screen\'s language, and one press emails one link that fills the booking form', async () => {
    const { page, context, errors } = await newPage();
    const stamp = Date.now().toString(36);
    // A line of this run's own: 289-555-xxxx.
    const line = String(Date.now() % 10_000).padStart(4, '0');

    // The first caller, on the English dashboard: English is preselected, and nothing is on file with her phone.
    await signInAsOffice(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Customers' }).click();
    await page.getByRole('button', { name: 'New customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New customer' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Language of their emails', { exact: true }).inputValue()).toBe('en');
    await dialog.getByLabel('First name', { exact: true }).fill('Marta');
    await dialog.getByLabel('Last name', { exact: true }).fill(`Follow${stamp}`);
    await dialog.getByLabel('Email', { exact: true }).fill(`marta.${stamp}@example.com`);
    await dialog.getByLabel('Phone', { exact: true }).fill(`289-555-${line}`);
    await dialog.getByLabel('Street address', { exact: true }).fill('45 Wilson St W');
    await dialog.getByLabel('City', { exact: true }).fill('Ancaster');
    await dialog.getByLabel('Postal code', { exact: true }).fill('L9G 1N1');
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    await page.getByRole('heading', { level: 1, name: `Marta Follow${stamp}` }).waitFor();

    // Her son calls the French-speaking clerk: French is preselected, and the same line typed otherwise names her.
    await page.goto('/fr/admin');
    await page.getByRole('tab', { name: 'Clients' }).click();
    await page.getByRole('button', { name: 'Nouveau client' }).click();
    const fr = page.getByRole('dialog', { name: 'Nouveau client' });
    await fr.waitFor();
    expect(await fr.getByLabel('Langue de ses courriels', { exact: true }).inputValue()).toBe('fr');
    await fr.getByLabel('Prénom', { exact: true }).fill('Luca');
    await fr.getByLabel('Nom', { exact: true }).fill(`Follow${stamp}`);
    await fr.getByLabel('Courriel', { exact: true }).fill(`luca.${stamp}@example.com`);
    await fr.getByLabel('Téléphone', { exact: true }).fill(`+1 (289) 555 ${line}`);
    const warning = fr.getByTestId('phone-matches');
    await warning.getByText(`Un client a déjà ce numéro de téléphone\u00a0: Marta Follow${stamp}, Ancaster`).waitFor();
    const open = warning.getByRole('link', { name: `Ouvrir la fiche de Marta Follow${stamp}` });
    expect(await open.textContent()).toBe('Ouvrir');
    expect(await open.getAttribute('href')).toMatch(/\/fr\/customer-details\?id=\d+$/);
    expect(await findAxeViolations(page)).toEqual([]);

    // Families share a number: not a refusal, he is added anyway.
    await fr.getByLabel('Adresse', { exact: true }).fill('45 Wilson St W');
    await fr.getByLabel('Ville', { exact: true }).fill('Ancaster');
    await fr.getByLabel('Code postal', { exact: true }).fill('L9G 1N1');
    await fr.getByRole('button', { name: 'Ajouter le client' }).click();
    await page.getByRole('heading', { level: 1, name: `Luca Follow${stamp}` }).waitFor();

    // He would rather book and pay online: a double click emails one link, in French.
    const send = page.getByRole('button', { name: 'Envoyer un lien de réservation' });
    await send.dblclick();
    await toast(page, 'Lien de réservation envoyé').waitFor();
    await page.getByTestId('booking-link-status').getByText(/^Lien de réservation envoyé une fois, dernier envoi le /).waitFor();
    const invites = async () => {
      const outbox = (await (await page.request.get('/api/outbox')).json()) as { emails: { kind: string; toAddress: string; locale: string; subject: string; text: string }[] };
      return outbox.emails.filter((m) => m.kind === 'booking-invite' && m.toAddress === `luca.${stamp}@example.com`);
    };
    const [mail, ...more] = await invites();
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ locale: 'fr', subject: 'Réservez votre visite en ligne avec Escarpment Mosquito & Tick' });
    expect(mail!.text).toContain('Bonjour Luca,');
    const link = new URL(/\S+\/fr\/book\?invite=\S+/.exec(mail!.text)![0]);
    expect(link.toString()).not.toMatch(/luca|follow|289|wilson|L9G/i);

    // The link opens the French booking page with his details from the record.
    const customer = await newPage();
    await customer.page.goto(`${link.pathname}${link.search}`);
    const form = customer.page.getByRole('form', { name: 'Formulaire de réservation' });
    await form.waitFor();
    expect(await form.getByLabel('Prénom', { exact: true }).inputValue()).toBe('Luca');
    expect(await form.getByLabel('Nom de famille', { exact: true }).inputValue()).toBe(`Follow${stamp}`);
    expect(await form.getByLabel('Courriel', { exact: true }).inputValue()).toBe(`luca.${stamp}@example.com`);
    expect(await form.getByLabel('Téléphone', { exact: true }).inputValue()).toBe(`+1 (289) 555 ${line}`);
    expect(await form.getByLabel('Adresse du service', { exact: true }).inputValue()).toBe('45 Wilson St W');
    expect(await form.getByLabel('Code postal', { exact: true }).inputValue()).toBe('L9G 1N1');
    // Without the link, or with one altered, the form is empty.
    await customer.page.goto(`${link.pathname}?invite=${link.searchParams.get('invite')!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`);
    await form.waitFor();
    expect(await form.getByLabel('Prénom', { exact: true }).inputValue()).toBe('');

    // Still one email; a deliberate press once the page shows the count sends a second.
    expect(await invites()).toHaveLength(1);
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();
    await expect.poll(async () => (await invites()).length).toBe(2);

    expect(errors).toEqual([]);
    expect(customer.errors).toEqual([]);
    await customer.context.close();
    await context.close();
  });
});
