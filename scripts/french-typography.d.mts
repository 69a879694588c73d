/** The no-break space (U+00A0) French punctuation, units, hours and digit groups take. */
export const NBSP: string;
/** What a French message gets wrong, one line per mistake (empty when it is fine). */
export function frenchTypographyProblems(message: string): string[];
