/**
 * What a pesticide application's amount is counted in (docs/decisions/0042): millilitres of
 * concentrate, litres of mix, grams. Here rather than in the schema so the browser's forms can
 * list them without loading table definitions.
 */
export const PRODUCT_UNITS = ['ml-concentrate', 'l-mix', 'g'] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];
