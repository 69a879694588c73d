import type { Page } from 'playwright-core';

/**
 * The words inside `selector` that the browser split across two lines in the middle: a word's
 * range with boxes on two lines. Hyphens, dots and @ are natural break points, so words are the
 * runs between them.
 */
export async function findSplitWords(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((root) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s\-–@.]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)));
        if (lines.size > 1) split.push(match[0]);
      }
    }
    return split;
  });
}
