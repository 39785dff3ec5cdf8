import { isSameOriginPath } from '@lobby/contract';

/**
 * Only same-site paths may follow a sign-in: one `/`, no second `/` or `\`, and no control
 * character or backslash anywhere (browsers drop tabs and newlines, so `/\t/evil` is `//evil`).
 * Kept apart from session.ts, which needs a browser, so the rule is tested on its own.
 */
export const safeRedirect = (value: string | null | undefined): string => (isSameOriginPath(value) ? value : '/');
