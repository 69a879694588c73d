/** The five towns with their own landing page (SPEC route table), in the menu's order. */
export const AREA_SLUGS = ['hamilton', 'ancaster', 'stoney-creek', 'dundas', 'grimsby'] as const;
export type AreaSlug = (typeof AREA_SLUGS)[number];
export const isAreaSlug = (v: string): v is AreaSlug => (AREA_SLUGS as readonly string[]).includes(v);
