// The page's uncaught errors go to the error report (report-errors.ts), which loads only when the
// first one comes: the first load carries these few lines, not the reporter.
import type * as ReportErrors from './report-errors.ts';

let reporter: Promise<typeof ReportErrors> | undefined;
let release = 'dev';

/** Reports an error in the background; a reporter that fails to load is tried again next time. */
export function reportLater(error: unknown, source: string, from?: { filename: string; message: string }): void {
  reporter ??= import('./report-errors.ts');
  void reporter.then((module) => module.reportError(error, source, release, from)).catch(() => (reporter = undefined));
}

export function installErrorHooks(version: string): void {
  release = version;
  addEventListener('error', (event) => reportLater(event.error ?? event.message, 'window.onerror', event));
  addEventListener('unhandledrejection', (event) => reportLater(event.reason, 'unhandledrejection'));
}
