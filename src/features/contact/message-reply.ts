/**
 * The letter part of the office's reply to a contact message (docs/decisions/0063): the email's
 * own greeting unless the office already wrote one, the office's text, and the closing the email
 * signs with. Pure, so the reply dialog's preview and the sent email are built by the same code.
 */
import { describeSender, type EmailBranch } from '@/features/email/email-layout';

/**
 * Openings that greet the reader, in the four languages the site speaks, written as they read
 * once lower-cased and stripped of accents ("Chère" → "chere", "Buenos días" → "buenos dias").
 */
const SALUTATIONS = [
  // English
  'hi', 'hello', 'hey', 'dear', 'good morning', 'good afternoon', 'good evening',
  // French (Canadian French says "bon matin" too)
  'bonjour', 'bonsoir', 'bon matin', 'salut', 'cher', 'chers', 'chere', 'cheres',
  // German
  'hallo', 'guten morgen', 'guten tag', 'guten abend', 'liebe', 'lieber', 'sehr geehrte', 'sehr geehrter',
  // Spanish
  'hola', 'buenos dias', 'buen dia', 'buenas tardes', 'buenas noches',
  'estimado', 'estimada', 'estimados', 'estimadas', 'querido', 'querida', 'queridos', 'queridas',
];

// A whole word only: "Hillary", "Halloween" or "Bonnie" open with letters of a salutation, not with one.
const OPENS_WITH_SALUTATION = new RegExp(`^(?:${SALUTATIONS.join('|')})(?![\\p{L}\\p{N}])`, 'u');

/**
 * Whether the office's text already greets the reader: its first line starts with a salutation
 * ("Hi Olivia,", "Bonjour,", "Sehr geehrte Frau Vogel,", "¡Hola!"), whatever the case and accents.
 */
export function opensWithGreeting(text: string): boolean {
  const firstLine = text.trimStart().split(/\r?\n/, 1)[0] ?? '';
  const plain = firstLine
    .normalize('NFD').replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    // Opening punctuation before the word: Spanish "¡Hola!", quotes, a dash.
    .replace(/^[\s¡¿"'«»“”„‘’(\-–—]+/u, '');
  return OPENS_WITH_SALUTATION.test(plain);
}

/**
 * The name a contact email greets the visitor by: the first word of the one name field they filled
 * ("Maria Lopez Garcia" → "Maria"), as every other email greets a customer by their first name (0112).
 * A name of one word is used as it is; nothing but spaces gives back the name as typed.
 */
export function greetingName(name: string): string {
  return name.trim().split(/\s+/u, 1)[0] || name;
}

/** The two sentences the reply's frame needs, in the reader's language (`contact.ack.greeting`, `email.footer`). */
export type MessageReplyTranslate = (key: 'contact.ack.greeting' | 'email.footer', values: Record<string, string>) => string;

export type MessageReplyLetter = {
  /** The email's own greeting ("Bonjour Olivia,"), or null when the office's text opens with one. */
  greeting: string | null;
  /** The office's text as sent. */
  body: string;
  /**
   * How the email signs off: the business, not a person (0030). The shared layout adds no
   * "Kind regards" of its own, so an office's "Thanks, Maria" is never doubled.
   */
  footer: string;
  sender: string;
};

/**
 * What the visitor reads from the office: the email's greeting only when the office did not
 * write one, then the text, then the business's closing. `t` speaks the visitor's language.
 */
export function composeMessageReply(input: { reply: string; name: string; branch: EmailBranch }, t: MessageReplyTranslate): MessageReplyLetter {
  const body = input.reply.trim();
  return {
    greeting: opensWithGreeting(body) ? null : t('contact.ack.greeting', { name: greetingName(input.name) }),
    body,
    footer: t('email.footer', { phone: input.branch.phone }),
    sender: describeSender(input.branch),
  };
}

/**
 * What the reply dialog needs to preview the letter in any visitor's language: who signs the
 * email, and the two sentences' wording (`contact.ack.greeting`, `email.footer`) per language.
 */
export type MessageReplyFrame = {
  branch: EmailBranch;
  messages: Record<string, { contact: { ack: { greeting: string } }; email: { footer: string } }>;
};
