/** The no-break space (U+00A0) French punctuation takes. */
export const NBSP: string;
/** What a French message gets wrong, one line per mistake (empty when it is fine). */
export function frenchTypographyProblems(message: string): string[];
