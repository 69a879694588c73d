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
//   5. Numbers keep their unit, the way Intl.NumberFormat('fr-CA') writes them (on Node 20 its
//      separator is U+00A0 everywhere, so U+00A0 is the one space used here too):
//      - "%" and "$" follow a no-break space: "90 %", "129 $", "{price} $", "TVH ({rate} %)";
//      - an hour written with "h" takes a no-break space before the "h" and before its minutes:
//        "9 h", "de 8 h à 18 h", "17 h 30", "{hours} h {minutes}" (Intl's fr-CA times use
//        ordinary spaces there; src/lib/format.ts makes them no-break);
//      - digit groups are separated by a no-break space ("2 000", "1 000 $"), and a number of
//        five digits or more is not written in one block ("10000"). Four digits are left alone,
//        since years ("2002") are written that way.
// Ignored: URLs and e-mail links, HTML entities (&amp;), and ICU argument syntax ({name},
// {count, number}, {d, date, ::yyyyMMdd}); the text of plural and select branches is checked.

export const NBSP = '\u00A0';

const PLACEHOLDER = '\u0001';
const URL = /\b(?:https?:\/\/|mailto:|www\.)\S+/g;
const ENTITY = /&#?\w+;/g;
const ARGUMENT = /\{\s*[\w.-]+\s*(?:,\s*(?:number|date|time)\s*(?:,[^{}]*)?)?\}/g;

const SPACE = '[ \u00A0\u202F]';
/**
 * An hour: a number, a placeholder or a plural's # followed by an "h" that no letter or digit
 * continues, with its minutes if any ("9 h", "17 h 30", "{hours} h {minutes}"; not "{n} heures").
 * Groups: what comes before, the space before "h", the space after it, the minutes.
 */
const HOUR = new RegExp(`([\\d#${PLACEHOLDER}])(${SPACE}?)h(?:(${SPACE}?)(\\d{2}|${PLACEHOLDER}))?(?![\\p{L}\\d])`, 'gu');
/** A number in groups of three digits ("2 000", "1 234 567"), whatever space separates them. */
const DIGIT_GROUPS = new RegExp(`(?<![\\d.,])\\d{1,3}(?:${SPACE}\\d{3})+(?!\\d)`, 'g');
/** Five digits or more in one block, unless they are part of a code or an identifier. */
const LONG_NUMBER = /(?<![\p{L}\d_\-./#])\d{5,}(?![\p{L}\d_\-/])/gu;

/** What is wrong with the space that should be a no-break space, or null when it is one. */
function spaceProblem(space) {
  if (space === NBSP) return null;
  if (space === ' ') return 'a normal space';
  if (space === '\u202F') return 'a narrow no-break space (use U+00A0)';
  return 'no space';
}

/** What a French message gets wrong, one line per mistake (empty when it is fine). */
export function frenchTypographyProblems(message) {
  const text = message.replace(URL, PLACEHOLDER).replace(ENTITY, PLACEHOLDER).replace(ARGUMENT, PLACEHOLDER);
  const problems = [];
  const at = (index) => JSON.stringify(text.slice(Math.max(0, index - 12), index + 3).replaceAll(PLACEHOLDER, '…'));
  const needsNbspBefore = (index) => spaceProblem(text[index - 1]);

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
  for (const match of text.matchAll(/[%$]/g)) {
    if (match.index === 0) continue;
    const wrong = needsNbspBefore(match.index);
    if (wrong) problems.push(`${wrong} before "${match[0]}" at ${at(match.index)}`);
  }
  for (const match of text.matchAll(HOUR)) {
    const [, number, before, after, minutes] = match;
    const h = match.index + number.length + before.length;
    const wrongBefore = spaceProblem(before);
    if (wrongBefore) problems.push(`${wrongBefore} before "h" in a time at ${at(h)}`);
    const wrongAfter = minutes === undefined ? null : spaceProblem(after);
    if (wrongAfter) problems.push(`${wrongAfter} between "h" and the minutes at ${at(h + 1 + after.length)}`);
  }
  for (const match of text.matchAll(DIGIT_GROUPS)) {
    for (const separator of match[0].matchAll(/\D/g)) {
      const wrong = spaceProblem(separator[0]);
      if (wrong) problems.push(`${wrong} between digit groups at ${at(match.index + separator.index + 1)}`);
    }
  }
  for (const match of text.matchAll(LONG_NUMBER)) {
    problems.push(`no space between digit groups in "${match[0]}" (write them in threes with U+00A0) at ${at(match.index + match[0].length - 3)}`);
  }
  return problems;
}
