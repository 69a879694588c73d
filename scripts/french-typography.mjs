// French typography of a message, as scripts/i18n-check.mjs checks it (Canadian usage, one kind of
// space: U+00A0, the no-break space that `formatLabelled` and `site.quoted` use). The rules:
//   1. No straight apostrophe: French text writes ’ (l’été). In ICU messages a straight ' is also the
//      quoting character, so it has no other use in these files.
//   2. "?", "!" and ";" follow a no-break space, never a normal space or the word itself
//      ("Des questions ?"). A run like "?!" needs it once, before its first mark.
//   3. A colon that ends a label (the colon is followed by a space or ends the message) follows a
//      no-break space ("Total payé : 99,00 $", "{label} :"). Colons inside a token are not
//      punctuation and are left alone: times (9:00, HH:MM), ratios (1:2), URLs (https://).
//   4. « and » hold their text with no-break spaces: « Optimiser la tournée ».
// Ignored: URLs and e-mail links, HTML entities (&amp;), and ICU argument syntax ({name},
// {count, number}, {d, date, ::yyyyMMdd}); the text of plural and select branches is checked.

export const NBSP = '\u00A0';

const PLACEHOLDER = '\u0001';
const URL = /\b(?:https?:\/\/|mailto:|www\.)\S+/g;
const ENTITY = /&#?\w+;/g;
const ARGUMENT = /\{\s*[\w.-]+\s*(?:,\s*(?:number|date|time)\s*(?:,[^{}]*)?)?\}/g;

/** What a French message gets wrong, one line per mistake (empty when it is fine). */
export function frenchTypographyProblems(message) {
  const text = message.replace(URL, PLACEHOLDER).replace(ENTITY, PLACEHOLDER).replace(ARGUMENT, PLACEHOLDER);
  const problems = [];
  const at = (index) => JSON.stringify(text.slice(Math.max(0, index - 12), index + 3).replaceAll(PLACEHOLDER, '…'));
  const needsNbspBefore = (index) => {
    const before = text[index - 1];
    if (before === NBSP) return null;
    if (before === ' ') return 'a normal space';
    if (before === '\u202F') return 'a narrow no-break space (use U+00A0)';
    return 'no space';
  };

  for (const match of text.matchAll(/'/g)) problems.push(`straight apostrophe (use ’) at ${at(match.index)}`);
  for (const match of text.matchAll(/[?!;]+/g)) {
    if (match.index === 0) continue;
    const wrong = needsNbspBefore(match.index);
    if (wrong) problems.push(`${wrong} before "${match[0]}" at ${at(match.index)}`);
  }
  for (const match of text.matchAll(/:(?=\s|$)/g)) {
    if (match.index === 0) continue;
    const wrong = needsNbspBefore(match.index);
    if (wrong) problems.push(`${wrong} before ":" at ${at(match.index)}`);
  }
  for (const match of text.matchAll(/«/g)) {
    if (text[match.index + 1] !== NBSP) problems.push(`no no-break space after "«" at ${at(match.index + 1)}`);
  }
  for (const match of text.matchAll(/»/g)) {
    if (text[match.index - 1] !== NBSP) problems.push(`no no-break space before "»" at ${at(match.index)}`);
  }
  return problems;
}
