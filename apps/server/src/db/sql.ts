/** `%`, `_` and `\` are literal in a search text (ILIKE patterns). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ILIKE, with the text's own wildcards escaped. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** The meta block of a paged list. */
export const pageMeta = (page: number, perPage: number, total: number) => ({ page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) });

