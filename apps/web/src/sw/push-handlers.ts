// The service worker's push and notification-click handling (issue 18, web push), written against
// the few parts of the worker's API it uses so that tests drive it with plain objects.
import type { PushRoute, RoutingContext } from '@lobby/contract';
import { parsePushPayload, routeOfPush, type PushMessage, type WorkerMessage } from '../features/push/push-message.ts';

export interface WindowClientLike {
  url: string;
  visibilityState: DocumentVisibilityState;
  focused: boolean;
  postMessage(message: WorkerMessage, transfer?: Transferable[]): void;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

export interface WorkerScope {
  origin: string;
  routing: RoutingContext;
  windows(): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
  showNotification(title: string, options: NotificationOptions): Promise<void>;
  /** Asks a page to go to a path in place; true when it answered in time. */
  askToNavigate(client: WindowClientLike, path: string): Promise<boolean>;
}

export const ICON = '/icons/icon-192.png';

/** What a notification keeps for its click: the push's route. */
export interface NotificationData {
  route: PushRoute;
}

const sameOrigin = (client: WindowClientLike, origin: string) => {
  try {
    return new URL(client.url).origin === origin;
  } catch {
    return false;
  }
};

/**
 * A push: a page of Lobby in front shows it itself (a banner with "Open"); otherwise the system
 * shows a notification, whose click leads to the push's route.
 */
export async function handlePush(payload: string | null, scope: WorkerScope): Promise<void> {
  const message: PushMessage = parsePushPayload(payload);
  const route = routeOfPush(message, scope.routing);
  const windows = (await scope.windows()).filter((client) => sameOrigin(client, scope.origin));
  const inFront = windows.filter((client) => client.visibilityState === 'visible');
  if (inFront.length > 0) {
    for (const client of inFront) client.postMessage({ type: 'lobby:push', title: message.title, text: message.text, route });
    return;
  }
  const data: NotificationData = { route };
  const tag = message.tag ?? `${message.data.type}:${message.data.meeting_id ?? message.data.channel_id ?? ''}`;
  await scope.showNotification(message.title, { body: message.text, icon: ICON, badge: ICON, data, tag });
}

/**
 * A tapped notification: an in-app route focuses a window of Lobby and moves it there in place
 * (or reloads it there when the page does not answer), or opens a new one; an address of another
 * site opens in a new window; a push without its event only logs 'incorrect route push data'.
 */
export async function openRoute(route: PushRoute | undefined, scope: WorkerScope): Promise<void> {
  if (!route || route.kind === 'invalid') {
    console.warn(route?.log ?? 'incorrect route push data');
    return;
  }
  if (route.kind === 'external') {
    await scope.openWindow(route.url);
    return;
  }
  const windows = (await scope.windows()).filter((client) => sameOrigin(client, scope.origin));
  const client = windows.find((candidate) => candidate.focused) ?? windows.find((candidate) => candidate.visibilityState === 'visible') ?? windows[0];
  if (!client) {
    await scope.openWindow(new URL(route.path, scope.origin).href);
    return;
  }
  // Focus first: the click's permission to raise a window lasts only a moment.
  await client.focus();
  if (!(await scope.askToNavigate(client, route.path))) await client.navigate(new URL(route.path, scope.origin).href);
}

/** The route a notification was shown with, if it is one of ours. */
export function routeOfNotification(data: unknown): PushRoute | undefined {
  const route = (data as Partial<NotificationData> | null)?.route;
  if (!route || typeof route !== 'object') return undefined;
  if (route.kind === 'app' && typeof route.path === 'string' && route.path.startsWith('/') && !route.path.startsWith('//')) return route;
  if (route.kind === 'external' && typeof route.url === 'string' && /^https?:\/\//.test(route.url)) return route;
  if (route.kind === 'invalid') return route;
  return undefined;
}
