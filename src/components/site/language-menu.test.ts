import { describe, expect, it } from 'vitest';
import { languageHref } from './language-menu';

describe('languageHref', () => {
  it.each([
    ['/fr/hamilton', 'de', '?x=1#faq', '/de/hamilton?x=1#faq'],
    ['/fr/hamilton', 'en', '?x=1#faq', '/en/hamilton?x=1#faq'],
    ['/hamilton', 'es', '#faq', '/es/hamilton#faq'],
    ['/', 'fr', '?serviceType=seasonal#quote', '/fr?serviceType=seasonal#quote'],
    ['/de', 'en', '#pricing', '/en#pricing'],
    ['/de/privacy', 'fr', '', '/fr/privacy'],
    ['/es', 'en', '', '/en'],
  ] as const)('%s in %s with %j is %s', (pathname, target, suffix, expected) => {
    expect(languageHref(pathname, target, suffix)).toBe(expected);
  });
});
