/**
 * Runs in the browser before the app. The site's content security policy forbids eval
 * (src/lib/security-headers.ts, docs/decisions/0022); zod would otherwise probe for it with
 * `new Function` on its first parse, and the browser reports the refused probe as a violation.
 * zod keeps its settings in one object on `globalThis` (shared by every copy of it), so `jitless`
 * is set there without importing zod, which stays out of the pages that have no form.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;

export {};
