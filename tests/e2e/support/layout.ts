import type { Page } from 'playwright-core';

/**
 * The words inside `selector` that the browser split across two lines in the middle: a word's
 * range with boxes on two lines. Hyphens, dots and @ are natural break points, so words are the
 * runs between them. `unlessHyphenated` leaves out words the browser may hyphenate (`hyphens: auto`
 * and at least as long as `hyphenate-limit-chars` asks), which a browser with the language's
 * dictionary splits with a hyphen, and email addresses, which have no place for one.
 */
export async function findSplitWords(page: Page, selector: string, { unlessHyphenated = false } = {}): Promise<string[]> {
  return page.locator(selector).evaluate((root, skipHyphenated) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Text hidden from view (`sr-only`, a honeypot field's label) lies in a 1 px box: every word of it "wraps".
      if (!node.parentElement || node.parentElement.closest('.sr-only, [aria-hidden="true"]')) continue;
      const style = getComputedStyle(node.parentElement);
      const shortestHyphenated = style.hyphens === 'auto' ? Number.parseInt(style.getPropertyValue('hyphenate-limit-chars'), 10) || 5 : Infinity;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s\-–@.]+/g)) {
        const token = (text.slice(0, match.index).split(/\s/).pop() ?? '') + (text.slice(match.index).split(/\s/)[0] ?? '');
        if (skipHyphenated && (match[0].length >= shortestHyphenated || token.includes('@'))) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)));
        if (lines.size > 1) split.push(match[0]);
      }
    }
    return split;
  }, unlessHyphenated);
}
