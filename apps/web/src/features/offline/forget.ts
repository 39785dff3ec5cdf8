import { FORGET_MESSAGE } from './cache-rules.ts';
import { clearPersonalCaches } from './personal-caches.ts';

/** How long a sign-in or sign-out waits for the worker before going on. */
const WORKER_WAIT_MS = 2000;

/**
 * Forgets what this device kept of the person (sign-in, sign-out): the worker first, which also
 * stops keeping answers of calls still on their way, then the caches from the page's side too (no
 * worker, or one that did not answer in time).
 */
export async function forgetPersonalCopies(): Promise<void> {
  const worker = typeof navigator === 'undefined' ? null : (navigator.serviceWorker?.controller ?? null);
  if (worker) {
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      const timer = setTimeout(resolve, WORKER_WAIT_MS);
      channel.port1.onmessage = () => {
        clearTimeout(timer);
        resolve();
      };
      worker.postMessage({ type: FORGET_MESSAGE }, [channel.port2]);
    });
  }
  await clearPersonalCaches();
}
