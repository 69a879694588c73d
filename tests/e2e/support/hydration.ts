import type { Locator } from 'playwright-core';

/**
 * Waits until React has attached its handlers to an element. A click or key press that lands
 * while the page is still hydrating can be lost: the App Router dropped a `<Link>` click (no
 * navigation at all, seen once in CI on the German footer), and a button's key press does nothing
 * before its handler exists. Tests that act straight after `goto` wait for React first.
 */
export async function waitForReact(element: Locator): Promise<void> {
  await element.evaluate((el) => new Promise<void>((resolve) => {
    const attached = () => Object.keys(el).some((key) => key.startsWith('__reactProps$'));
    const poll = () => (attached() ? resolve() : requestAnimationFrame(poll));
    poll();
  }));
}

/** Clicks a Next.js `<Link>` once React has attached to it (`waitForReact`). */
export async function clickHydratedLink(link: Locator): Promise<void> {
  await waitForReact(link);
  await link.click();
}
