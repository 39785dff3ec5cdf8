// Push (contract.md sections 3 and 7, "Push"): which tokens are accepted, which addresses a custom
// push may carry, what a push service's answer means, and when a chat message is pushed.
import type { PushPlatform } from '@lobby/contract';

export type TokenProblem = 'not_https' | 'no_keys' | 'bad_token';

/**
 * A web token is a push subscription's https endpoint (no user name or password) with its keys; a
 * native token (FCM, APNs) is one word of the characters those services use.
 */
export function tokenProblem(platform: PushPlatform, token: string, keys: { p256dh: string; auth: string } | undefined): TokenProblem | null {
  if (platform !== 'web') return /^[A-Za-z0-9_:.-]+$/.test(token) ? null : 'bad_token';
  let url: URL;
  try {
    url = new URL(token);
  } catch {
    return 'not_https';
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.hostname === '') return 'not_https';
  return keys ? null : 'no_keys';
}

/**
 * The address a custom push may open: an https address (no credentials), or a path of Lobby
 * (one slash, not the protocol-relative // or /\ that browsers read as another host). Answers it
 * normalised, or null when it is neither.
 */
export function customPushUrl(raw: string): string | null {
  const value = raw.trim();
  if (value.startsWith('/')) {
    if (value.startsWith('//') || value.startsWith('/\\') || /[\s\\]/.test(value)) return null;
    const url = new URL(value, 'https://lobby.invalid');
    return url.origin === 'https://lobby.invalid' ? `${url.pathname}${url.search}${url.hash}` : null;
  }
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password && url.hostname.includes('.') ? url.href : null;
  } catch {
    return null;
  }
}

export type DeliveryOutcome = 'sent' | 'gone' | 'retry' | 'refused';

/**
 * What a push service's answer means for one device: 2xx delivered; 404 and 410 the subscription
 * is gone (deleted); 429, 5xx or no answer try again later; any other 4xx is a refusal of this
 * message (too large, bad VAPID) that a retry would not change.
 */
export function deliveryOutcome(status: number, gone = false): DeliveryOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (gone || status === 404 || status === 410) return 'gone';
  if (status === 0 || status === 429 || status >= 500) return 'retry';
  return 'refused';
}

/** At most one chat push per channel and person in this window. */
export const CHAT_PUSH_WINDOW_MS = 5 * 60_000;

/**
 * A chat message is pushed to a recipient who is not the sender and has no page of Lobby open
 * (no socket connected: an open page shows it live), at most once per channel per window.
 */
export function chatPushWanted(recipient: { userId: number; connected: boolean }, senderId: number | null): boolean {
  return recipient.userId !== senderId && !recipient.connected;
}

/** The notification's dedupe key: one per channel, person and window, whichever node writes it. */
export const chatPushKey = (channelId: string, userId: number, at: Date): string => `chat-push:${channelId}:${userId}:${Math.floor(at.getTime() / CHAT_PUSH_WINDOW_MS)}`;

/** Which service carries a device's pushes, given what this server has configured. */
export function serviceOf(platform: PushPlatform, configured: { fcm: boolean; apns: boolean }): 'web' | 'fcm' | 'apns' | null {
  if (platform === 'web') return 'web';
  if (platform === 'ios' && configured.apns) return 'apns';
  return configured.fcm ? 'fcm' : null;
}
