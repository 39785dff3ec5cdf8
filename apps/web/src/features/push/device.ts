// Web push on this device (issue 18): the browser's subscription, registered with Lobby under the
// signed-in person (platform web, the endpoint as the token, its keys, the timezone offset).
import type { PushRegistration } from '@lobby/contract';
import { callApi } from '../../api/client.ts';
import { routeRef } from '../../api/route-refs.ts';
import { isNativeShell } from '../../lib/native-shell.ts';

export const pushRoutes = {
  registerPush: routeRef<'registerPush'>('push.register', 'POST', '/api/push/v1/user'),
  unregisterPush: routeRef<'unregisterPush'>('push.unregister', 'DELETE', '/api/push/v1/user'),
  pushPublicKey: routeRef<'pushPublicKey'>('push.vapid', 'GET', '/api/push/v1/vapid'),
} as const;

/** The person declined (or had blocked) notifications for this site. */
export class PushPermissionError extends Error {
  constructor(public readonly permission: NotificationPermission) {
    super(`Notifications are ${permission}`);
    this.name = 'PushPermissionError';
  }
}

/** Web push needs a service worker, the Push API and notifications (not the native shell: it has its own). */
export const webPushSupported = (): boolean =>
  !isNativeShell() && typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined';

/** The device's offset from UTC in hours (+5.75 in Nepal), as the registration carries it. */
export const timezoneOffsetHours = (date = new Date()): number => -date.getTimezoneOffset() / 60 || 0;

/** The base64url VAPID key as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const sameKey = (held: ArrayBuffer | null, wanted: Uint8Array): boolean => {
  if (!held) return false;
  const bytes = new Uint8Array(held);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
};

/** What Lobby is told about a subscription. */
export function registrationOf(subscription: PushSubscription, date = new Date()): PushRegistration {
  const keys = subscription.toJSON().keys ?? {};
  return {
    platform: 'web',
    token: subscription.endpoint,
    timezone: timezoneOffsetHours(date),
    ...(keys.p256dh && keys.auth ? { keys: { p256dh: keys.p256dh, auth: keys.auth } } : {}),
  };
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!webPushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/**
 * Turns pushes on for this device: asks for permission, subscribes with the server's VAPID key (a
 * subscription made with another key is replaced) and registers it. A failed registration leaves
 * no subscription behind.
 */
export async function subscribeThisDevice(): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  // The app registers its worker after the first load (features/offline/register.ts); none in development.
  if (!(await registration())) throw new Error('No service worker is registered');
  const worker = await navigator.serviceWorker.ready;
  const key = keyBytes((await callApi(pushRoutes.pushPublicKey, {})).data.public_key);
  const existing = await worker.pushManager.getSubscription();
  if (existing && !sameKey(existing.options.applicationServerKey, key)) await existing.unsubscribe();
  const subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  try {
    await callApi(pushRoutes.registerPush, { body: registrationOf(subscription) });
  } catch (error) {
    await subscription.unsubscribe().catch(() => {});
    throw error;
  }
  return subscription;
}

/** Turns pushes off for this device: Lobby forgets the token, the browser drops the subscription. */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await callApi(pushRoutes.unregisterPush, { body: { token: subscription.endpoint } });
  await subscription.unsubscribe();
}

/**
 * Sign-out removes the device's push token first (product.md section 4): the server's copy while
 * the session lasts, then the browser's subscription even if the server could not be told, so the
 * next person on this device gets none of these pushes.
 */
export async function removePushToken(): Promise<void> {
  if (isNativeShell()) {
    const { removeNativePushToken } = await import('../../native/push.ts');
    await removeNativePushToken();
    return;
  }
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await callApi(pushRoutes.unregisterPush, { body: { token: subscription.endpoint } });
  } finally {
    await subscription.unsubscribe();
  }
}
