// Pushes in the native shell (FCM on Android, APNs on iOS): registration on start and after a
// sign-in, errors reported quietly (contract.md section 8); the token removed at sign-out; a tapped
// push opens its route (product.md section 2, push routing).
import { Capacitor } from '@capacitor/core';
import { Preferences } from '@capacitor/preferences';
import { PushNotifications } from '@capacitor/push-notifications';
import { pushRoute, type PushRoute } from '@lobby/contract';
import { callApi } from '../api/client.ts';
import { isSignedIn } from '../api/session.ts';
import { SIGNED_IN_EVENT } from '../features/auth/sign-in-out.ts';
import { pushRoutes, timezoneOffsetHours } from '../features/push/device.ts';
import { pushDataOf } from '../features/push/push-message.ts';
import { nativeRouting } from './context.ts';

/** The device's token as last registered with Lobby, for the sign-out. */
export const PUSH_TOKEN_KEY = 'lobby.push-token';

const quiet = (what: string) => (error: unknown) => console.warn(`Lobby: ${what}`, error);

const platformOf = (): 'android' | 'ios' | 'unknown' => {
  const platform = Capacitor.getPlatform();
  return platform === 'android' || platform === 'ios' ? platform : 'unknown';
};

/** The token the system gave: registered with Lobby under the signed-in person and kept for the sign-out. */
export async function registerToken(token: string): Promise<void> {
  if (!isSignedIn()) return;
  try {
    await callApi(pushRoutes.registerPush, { body: { platform: platformOf(), token, timezone: timezoneOffsetHours() } });
    await Preferences.set({ key: PUSH_TOKEN_KEY, value: token });
  } catch (error) {
    quiet('the push token could not be registered')(error);
  }
}

/** Asks for permission when it has not been asked, then for a token (it arrives as a 'registration' event). */
export async function requestPushToken(): Promise<void> {
  if (!isSignedIn()) return;
  try {
    let { receive } = await PushNotifications.checkPermissions();
    if (receive === 'prompt' || receive === 'prompt-with-rationale') ({ receive } = await PushNotifications.requestPermissions());
    if (receive === 'granted') await PushNotifications.register();
  } catch (error) {
    quiet('push registration failed')(error);
  }
}

/** On start: listens for tokens, registers for this person, and again whenever someone signs in. */
export async function startNativePush(): Promise<void> {
  try {
    await PushNotifications.addListener('registration', ({ value }) => void registerToken(value));
    await PushNotifications.addListener('registrationError', ({ error }) => quiet('push registration failed')(error));
  } catch (error) {
    quiet('push notifications are not available')(error);
    return;
  }
  window.addEventListener(SIGNED_IN_EVENT, () => void requestPushToken());
  await requestPushToken();
}

/** A tapped push: its route by the contract's rules (FCM and APNs carry the data as strings). */
export function routeOfTap(data: unknown): PushRoute {
  return pushRoute(pushDataOf(data), nativeRouting());
}

/** Listens for tapped pushes (the shell keeps a tap that came before this listener). */
export async function listenForTaps(open: (route: PushRoute) => void): Promise<() => Promise<void>> {
  const handle = await PushNotifications.addListener('pushNotificationActionPerformed', ({ notification }) => open(routeOfTap(notification.data)));
  return () => handle.remove();
}

/** Sign-out: Lobby forgets this device's token, then the device forgets it was registered. */
export async function removeNativePushToken(): Promise<void> {
  const { value } = await Preferences.get({ key: PUSH_TOKEN_KEY });
  if (!value) return;
  try {
    await callApi(pushRoutes.unregisterPush, { body: { token: value } });
  } finally {
    await Preferences.remove({ key: PUSH_TOKEN_KEY });
  }
}
