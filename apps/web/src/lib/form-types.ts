// Apart from form.ts, which runs the contract's schemas: pages that only show a server's errors
// (features/auth/api-error.ts) import this without loading zod.

/** Message parameters as react-hook-form keeps them (strings). */
export const asTypes = (params: Record<string, string | number> = {}): Record<string, string> => Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
