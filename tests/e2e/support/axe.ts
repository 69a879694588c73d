import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The WCAG 2.2 AA rules and axe's best practices, as every page and open dialog is held to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The page's axe violations as readable lines (rule, impact, first three elements); none is []. */
export async function findAxeViolations(page: Page): Promise<string[]> {
  // Colours as they settle: a button that has just changed variant (outline to filled) is mid-way
  // through its 150 ms colour transition, and axe would judge the blend.
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'), undefined, { timeout: 2000 }).catch(() => undefined);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}
