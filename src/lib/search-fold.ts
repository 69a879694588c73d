/**
 * How staff searches compare text: lower case, accents ignored ('Émile' finds 'emile'). The
 * database folds with `lower(translate(text, ACCENTED_LETTERS, PLAIN_LETTERS))` (`lower()` leaves
 * non-ASCII letters alone under the C collation, hence both cases here); a search word is folded
 * the same way with `foldSearchWord`.
 */

/** The accented letters of the names and streets staff search for, both cases. */
export const ACCENTED_LETTERS = 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝ';
/** Their plain letters, position by position. */
export const PLAIN_LETTERS = 'aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuy';

/** A search word in lower case without accents: 'Émile' -> 'emile'. */
export const foldSearchWord = (word: string) => word.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** A text to look for inside a LIKE pattern, its wildcards and escape character taken literally ('50%' finds "50%" only). */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
