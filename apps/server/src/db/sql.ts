/** `%`, `_` and `\` are literal in a search text (ILIKE patterns). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ILIKE, with the text's own wildcards escaped. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** The meta block of a paged list. */
export const pageMeta = (page: number, perPage: number, total: number) => ({ page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) });


/** The SQLSTATE of a database error, looking through the wrappers drizzle puts around it. */
export function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** exclusion_violation: an EXCLUDE constraint refused overlapping rows. */
export const EXCLUSION_VIOLATION = '23P01';
/** deadlock_detected: PostgreSQL ended one of two transactions waiting on each other. */
export const DEADLOCK = '40P01';
