/** `text` as a literal inside a LIKE pattern (the default escape character, backslash). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;
