/**
 * The API side of the customer forms' length limits and phone rule: a request that breaks one gets
 * 400 with a `fields` entry naming the field and saying, in the caller's language, what is wrong
 * (the same message the form shows), never the vague "This value is not valid."
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => ({ cookies: async () => ({ get: () => undefined }) }));

const { POST: postCustomer } = await import('@/app/api/customers/route');
const { POST: postAppointment } = await import('@/app/api/appointments/route');
const { POST: postMessage } = await import('@/app/api/messages/route');
const { POST: sendQuote } = await import('@/app/api/send-quote/route');

const ctx = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };
let ip = 0;

function post(url: string, body: unknown, locale = 'en') {
  ip += 1;
  return new Request(`http://localhost${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-locale': locale, 'x-forwarded-for': `10.91.${Math.floor(ip / 250)}.${ip % 250}` },
    body: JSON.stringify(body),
  });
}

async function fieldsOf(res: Response): Promise<Record<string, string>> {
  expect(res.status).toBe(400);
  return ((await res.json()) as { fields: Record<string, string> }).fields;
}

const customer = { firstName: 'Ada', lastName: 'Byron', email: 'ada.limits@example.com', phone: '905-555-0177', address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5' };

describe('POST /api/customers', () => {
  it('names an over-long first and last name with their own messages', async () => {
    const fields = await fieldsOf(await postCustomer(post('/api/customers', { ...customer, firstName: 'a'.repeat(101), lastName: 'b'.repeat(101) }), ctx));
    expect(fields).toEqual({
      firstName: 'Please keep the first name to 100 characters or fewer.',
      lastName: 'Please keep the last name to 100 characters or fewer.',
    });
  });

  it('refuses a phone made of letters, in the caller’s language', async () => {
    expect(await fieldsOf(await postCustomer(post('/api/customers', { ...customer, phone: 'abcdefghijk' }), ctx))).toEqual({
      phone: 'Please enter a North American phone number, for example 905-555-0134 (an extension like x123 is fine).',
    });
    expect((await fieldsOf(await postCustomer(post('/api/customers', { ...customer, phone: 'abcdefghijk' }, 'fr'), ctx))).phone).toMatch(/^Veuillez entrer un numéro de téléphone nord-américain/);
  });

  it('stores a valid phone exactly as typed', async () => {
    const res = await postCustomer(post('/api/customers', { ...customer, email: 'ada.ext@example.com', phone: '+1 (905) 555-0177 ext. 12' }), ctx);
    expect(res.status).toBe(201);
  });
});

describe('POST /api/appointments', () => {
  it('names over-long contact and address fields (the calculator’s Buy Now payload)', async () => {
    const fields = await fieldsOf(await postAppointment(post('/api/appointments', {
      serviceType: 'onetime', propertySize: 0.25, date: '2099-05-01', time: '09:00', status: 'pending',
      ...customer, firstName: 'a'.repeat(101), phone: 'abcdefghijk', notes: 'n'.repeat(1001),
    }), ctx));
    expect(fields).toEqual({
      firstName: 'Please keep the first name to 100 characters or fewer.',
      phone: 'Please enter a North American phone number, for example 905-555-0134 (an extension like x123 is fine).',
      notes: 'Please keep your notes to 1,000 characters or fewer.',
    });
  });
});

describe('POST /api/messages (contact form)', () => {
  it('names an over-long name with a length message, not "Name is required"', async () => {
    const fields = await fieldsOf(await postMessage(post('/api/messages', { name: 'n'.repeat(201), email: 'jo@example.com', subject: 'question', message: 'Do you treat cedar hedges?' }), ctx));
    expect(fields).toEqual({ name: 'Please keep the name to 100 characters or fewer.' });
  });

  it('refuses a phone made of letters', async () => {
    const fields = await fieldsOf(await postMessage(post('/api/messages', { name: 'Jo', email: 'jo@example.com', phone: 'call me maybe', subject: 'question', message: 'Do you treat cedar hedges?' }, 'de'), ctx));
    expect(fields.phone).toMatch(/^Bitte geben Sie eine nordamerikanische Telefonnummer ein/);
  });
});

describe('POST /api/send-quote (the calculator’s email modal)', () => {
  it('refuses a phone made of letters instead of only checking its length', async () => {
    const fields = await fieldsOf(await sendQuote(post('/api/send-quote', {
      email: 'ada.quote@example.com', name: 'Ada Byron', phone: 'abcdefghijk',
      quoteDetails: { serviceType: 'onetime', propertySize: 0.25, address: '71 Main St W', postalCode: 'L8P 4Y5' },
    }), ctx));
    expect(fields).toEqual({ phone: 'Please enter a North American phone number, for example 905-555-0134 (an extension like x123 is fine).' });
  });
});
