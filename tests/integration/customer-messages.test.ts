/**
 * A customer's page lists the contact messages written from their address and the office's replies
 * (docs/decisions/0112): matched as every address is matched (`emailKey`: trimmed, lower case),
 * newest first, the latest CUSTOMER_MESSAGES_SHOWN with the count of all; nothing for an erased customer.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { messages } from '@/db/schema/messages';
import { selectMessagesByEmail } from '@/features/contact/contact.repository';
import { replyToMessage, submitContactMessage } from '@/features/contact/contact.service';
import { CUSTOMER_MESSAGES_SHOWN, loadCustomerDetails } from '@/features/staff-dashboard/dashboard.service';
import { insertCustomer } from '../support/records';
import { explainWithoutSeqScans } from '../support/sql';
import { signInEveryRole } from '../support/staff-sessions';

// The page reads the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));
// Pages run here outside Next's server-components build, where next-intl's server entry refuses to load.
vi.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async () => Object.assign((key: string) => key, { rich: (key: string) => key, has: () => true }),
}));

const { default: CustomerDetailsPage } = await import('@/app/[locale]/(staff)/customer-details/page');
const { CustomerMessages } = await import('@/features/staff-dashboard/components/customer-messages');

/** The customer page as `token` opens it: where it sent them instead (a redirect), or the messages it hands its "Messages" section. */
async function openCustomerPage(token: string | undefined, id: number): Promise<{ redirect: string } | { messages: { content: string }[] | null }> {
  jar.token = token;
  try {
    const tree = await CustomerDetailsPage({ params: Promise.resolve({ locale: 'en' }), searchParams: Promise.resolve({ id: String(id) }) });
    return { messages: findProps(tree, CustomerMessages)?.messages ?? null };
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    if (typeof digest === 'string' && digest.startsWith('NEXT_REDIRECT;')) return { redirect: digest.split(';')[2]! };
    throw error;
  } finally {
    jar.token = undefined;
  }
}

/** The props of the first element of `type` in a rendered element tree (the page's own tree). */
function findProps(node: unknown, type: unknown): { messages: { content: string }[] } | null {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findProps(child, type);
      if (found) return found;
    }
    return null;
  }
  if (!node || typeof node !== 'object') return null;
  const element = node as { type?: unknown; props?: { children?: unknown; messages?: { content: string }[] } };
  if (element.type === type) return element.props as { messages: { content: string }[] };
  return findProps(element.props?.children, type);
}

let minute = 0;
async function insertMessage(email: string, values: Partial<typeof messages.$inferInsert> = {}): Promise<number> {
  minute += 1;
  const createdAt = new Date(Date.UTC(2026, 10, 20, 12, minute));
  const [row] = await (await getDb()).insert(messages).values({
    name: 'Someone', email, content: `Message ${minute}`, createdAt, updatedAt: createdAt, ...values,
  }).returning({ id: messages.id });
  return row!.id;
}

let maria = 0;
let erased = 0;
let many = 0;
let nobody = 0;
let tokens = { adminToken: '', technicianToken: '', officeToken: '' };
const m = { first: 0, otherAddress: 0, longer: 0, fromForm: 0 };

beforeAll(async () => {
  tokens = await signInEveryRole();
  maria = await insertCustomer({ firstName: 'Maria', lastName: 'Lopez Garcia', email: 'maria.lopez@example.com' });
  erased = await insertCustomer({ firstName: 'Gone', lastName: 'Away', email: 'gone@example.com', erasedAt: new Date('2026-11-01T12:00:00Z'), erasureReason: 'request' });
  many = await insertCustomer({ firstName: 'Paul', lastName: 'Writer', email: 'Paul.Writer@Example.com' });
  nobody = await insertCustomer({ firstName: 'Nadia', lastName: 'Quiet', email: 'nadia@example.com' });
  m.first = await insertMessage('  MARIA.Lopez@Example.COM ', { subject: 'booking', status: 'read', isRead: true });
  m.otherAddress = await insertMessage('maria.lopez@example.org');
  m.longer = await insertMessage('xmaria.lopez@example.com');
  await insertMessage('gone@example.com');
  for (let i = 0; i < CUSTOMER_MESSAGES_SHOWN + 2; i += 1) await insertMessage('paul.writer@example.com');
  // The visitor writes through the contact form, as on the site; the office answers it.
  const sent = await submitContactMessage(
    { type: 'contact', name: 'Maria Lopez Garcia', email: 'Maria.Lopez@example.com', phone: '', subject: 'question', message: 'When does my refund arrive?', website: '' },
    { locale: 'es' },
  );
  m.fromForm = sent.id!;
  await replyToMessage(m.fromForm, { body: 'Within five business days.' }, new Date('2026-11-26T15:00:00Z'));
});

describe('a customer page\'s messages', () => {
  it('lists the messages from the customer\'s address whatever its case and spaces, newest first, with the reply, and no one else\'s', async () => {
    const details = await loadCustomerDetails(maria);
    expect(details?.messages.map((message) => message.id)).toEqual([m.fromForm, m.first]);
    expect(details?.messageCount).toBe(2);
    expect(details?.messages[0]).toMatchObject({
      subject: 'question', content: 'When does my refund arrive?', status: 'replied',
      responseContent: 'Within five business days.', respondedAt: '2026-11-26T15:00:00.000Z',
    });
    expect(details?.messages[1]).toMatchObject({ subject: 'booking', status: 'read', responseContent: null, respondedAt: null, createdAt: '2026-11-20T12:01:00.000Z' });
    expect((await loadCustomerDetails(nobody))?.messages).toEqual([]);
    expect((await loadCustomerDetails(nobody))?.messageCount).toBe(0);
  });

  it('lists the latest ones only, with how many there are in all', async () => {
    const details = await loadCustomerDetails(many);
    expect(details?.messages).toHaveLength(CUSTOMER_MESSAGES_SHOWN);
    expect(details?.messageCount).toBe(CUSTOMER_MESSAGES_SHOWN + 2);
    const times = details!.messages.map((message) => message.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('finds them through the address index in its order, not by reading every message', async () => {
    const { page } = await explainWithoutSeqScans((tx) => ({ page: selectMessagesByEmail(tx, ' Many.Messages@Example.com ', CUSTOMER_MESSAGES_SHOWN) }));
    expect(page).toContain('messages_email_key_idx');
    expect(page).not.toMatch(/Seq Scan|Sort Key/);
  });

  it('shows an erased customer no messages, though some came from the address they had', async () => {
    const details = await loadCustomerDetails(erased);
    expect(details?.messages).toEqual([]);
    expect(details?.messageCount).toBe(0);
  });
});

describe('who sees them', () => {
  it('is the office\'s (officeWork): an anonymous visitor goes to the login form, a technician is turned away', async () => {
    expect(await openCustomerPage(undefined, maria)).toEqual({ redirect: `/admin?next=${encodeURIComponent(`/customer-details?id=${maria}`)}` });
    expect(await openCustomerPage(tokens.technicianToken, maria)).toEqual({ redirect: `/admin?next=${encodeURIComponent(`/customer-details?id=${maria}`)}` });
    const office = await openCustomerPage(tokens.officeToken, maria);
    expect(office).toMatchObject({ messages: [{ content: 'When does my refund arrive?' }, { content: 'Message 1' }] });
    // An erased customer's page has no Messages section at all.
    expect(await openCustomerPage(tokens.officeToken, erased)).toEqual({ messages: null });
  });
});

