import { describe, expect, it } from 'vitest';
import { composeMessageReply, greetingName, opensWithGreeting } from './message-reply';

const branch = { displayName: 'Escarpment Mosquito & Tick', phone: '(905) 555-0134', email: 'hello@escarpmentmosquito.ca', address: '1 Hunter St E', city: 'Hamilton', province: 'ON', postalCode: 'L8N 3W1' };
const english = (key: string, values: Record<string, string>) =>
  key === 'contact.ack.greeting' ? `Hi ${values.name},` : `Questions? Call us at ${values.phone} or reply to this email.`;

describe('opensWithGreeting', () => {
  it.each([
    // English
    'Hi Olivia,', 'hi olivia', 'Hello,', 'HELLO Olivia!', 'Hey Sam -', 'Dear Mrs. Tremblay,', 'Good morning Olivia,',
    'Good  afternoon,', 'good evening', 'Hi, yes we can come on Friday.',
    // French
    'Bonjour Jeanne,', 'bonsoir', 'Salut Marc !', 'Cher Monsieur Roy,', 'Chère Madame Roy,', 'Chere Élise,', 'Chers voisins,', 'Bon matin Jeanne,',
    // German
    'Hallo Frau Vogel,', 'Guten Morgen,', 'Guten Tag Herr Braun,', 'guten abend', 'Liebe Lena,', 'Lieber Herr Braun,',
    'Sehr geehrte Frau Vogel,', 'Sehr geehrter Herr Braun,', 'Sehr geehrte Damen und Herren,',
    // Spanish
    'Hola Ana,', '¡Hola, Ana!', 'Buenos días, señora García:', 'Buenos dias', 'Buenas tardes,', 'Buenas noches Luis,',
    'Estimado señor García:', 'Estimada Ana:', 'Querido Luis,', 'Querida Ana,',
  ])('finds a greeting in %j', (opening) => {
    expect(opensWithGreeting(`${opening}\n\nWe can come on Friday.`)).toBe(true);
  });

  it('reads the first line only, after any blank lines before it', () => {
    expect(opensWithGreeting('\n\n  Hi Olivia,\nThanks for writing.')).toBe(true);
    expect(opensWithGreeting('Thanks for writing.\nHi again from the office.')).toBe(false);
  });

  it.each([
    // Names and words that begin with the letters of a salutation
    'Hillary called us back about the hedge.', 'Hal will be there on Friday.', 'Halloween decorations are fine to leave out.',
    'Hélène from our office will call you.', 'Bonnie, our technician, will come.', 'Bonjovi Street is in our area.',
    'Hiya', 'Heyward Park is served.', 'Dearborn is outside our area.', 'Cheryl will call you.', 'Salutations are not needed.',
    'Holanda no está en nuestra zona.', 'Estimamos 2 horas de trabajo.', 'Liebenswürdig, wie immer.', 'Hallstatt liegt nicht in unserem Gebiet.',
    // Plain answers
    'Yes, we treat pond edges.', 'Oui, nous traitons les bords d’étang.', 'Ja, jeden Freitag.', 'Sí, tratamos los bordes.',
    'Good news: we can come on Friday.', 'Buenas noticias: podemos ir el viernes.', '', '   ',
  ])('finds no greeting in %j', (opening) => {
    expect(opensWithGreeting(opening)).toBe(false);
  });
});

describe('composeMessageReply', () => {
  // By the first word of the name, as every other email greets a customer (0112); the dialog's preview is this letter.
  it('greets the visitor by their first name when the office wrote no greeting', () => {
    expect(composeMessageReply({ reply: '  We can come on Friday.  ', name: 'Olivia Tremblay', branch }, english)).toEqual({
      greeting: 'Hi Olivia,',
      body: 'We can come on Friday.',
      footer: 'Questions? Call us at (905) 555-0134 or reply to this email.',
      sender: 'Escarpment Mosquito & Tick, 1 Hunter St E, Hamilton, ON L8N 3W1',
    });
  });

  it('adds no second greeting above the office’s own, and keeps the office’s sign-off as typed', () => {
    const letter = composeMessageReply({ reply: 'Hi Olivia,\n\nWe can come on Friday.\n\nThanks,\nMaria', name: 'Olivia Tremblay', branch }, english);
    expect(letter.greeting).toBeNull();
    expect(letter.body).toBe('Hi Olivia,\n\nWe can come on Friday.\n\nThanks,\nMaria');
  });
});

describe('greetingName', () => {
  it.each([
    ['Maria Lopez Garcia', 'Maria'],
    ['  Jean-Luc   Picard ', 'Jean-Luc'],
    ['Cher', 'Cher'],
    ['Ana\tMaría', 'Ana'],
    ['   ', '   '],
  ])('greets %j as %j', (name, expected) => {
    expect(greetingName(name)).toBe(expected);
  });
});
