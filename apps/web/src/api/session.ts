import { AUTH_STORAGE_KEY, type AuthSession } from '@lobby/contract';

/**
 * The access token lives in the `gateway-auth` cookie (contract.md section 3) with its lifetime, or
 * in native storage inside the native shell (native/token-store.ts); the refresh token stays in an
 * HttpOnly cookie the page cannot read. Tabs share both cookies, and tell each other about sign-out
 * through a BroadcastChannel.
 */
export interface StoredToken {
  access_token: string;
  expires_in: number;
  /** Epoch ms when the access token expires. */
  expires_at: number;
}

const secure = () => window.location.protocol === 'https:';

/** Where the `gateway-auth` value is kept: read at once, written with its lifetime in seconds. */
export interface TokenStore {
  read(): string | null;
  write(value: string, maxAgeSeconds: number): void;
  clear(): void;
}

/**
 * Reading `document.cookie` asks the browser's cookie store each time, and a page asks whether it
 * is signed in tens of times while it renders: one read serves the rest of the running task (it is
 * dropped at the next microtask, and on every write).
 */
let snapshot: string | undefined;
function cookies(): string {
  if (snapshot === undefined) {
    snapshot = document.cookie;
    queueMicrotask(() => {
      snapshot = undefined;
    });
  }
  return snapshot;
}

const cookieStore: TokenStore = {
  read: () => {
    const entry = cookies().split('; ').find((part) => part.startsWith(`${AUTH_STORAGE_KEY}=`));
    try {
      return entry ? decodeURIComponent(entry.slice(AUTH_STORAGE_KEY.length + 1)) : null;
    } catch {
      return null;
    }
  },
  write: (value, maxAge) => {
    const attributes = [`${AUTH_STORAGE_KEY}=${encodeURIComponent(value)}`, 'Path=/', `Max-Age=${maxAge}`, 'SameSite=Strict'];
    if (secure()) attributes.push('Secure');
    snapshot = undefined;
    document.cookie = attributes.join('; ');
  },
  clear: () => {
    snapshot = undefined;
    document.cookie = `${AUTH_STORAGE_KEY}=; Path=/; Max-Age=0; SameSite=Strict${secure() ? '; Secure' : ''}`;
  },
};

let store = cookieStore;

/** The native shell keeps the token in native storage instead of the cookie (contract.md section 3). */
export function setTokenStore(next: TokenStore): void {
  store = next;
}

export function readToken(): StoredToken | null {
  const raw = store.read();
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredToken>;
    if (typeof value.access_token !== 'string' || typeof value.expires_at !== 'number') return null;
    return { access_token: value.access_token, expires_in: Number(value.expires_in ?? 0), expires_at: value.expires_at };
  } catch {
    return null;
  }
}

export function saveToken(session: Pick<AuthSession, 'access_token' | 'expires_in' | 'refresh_expires_in'>): StoredToken {
  const token: StoredToken = { access_token: session.access_token, expires_in: session.expires_in, expires_at: Date.now() + session.expires_in * 1000 };
  // The value outlives the access token so the app knows to refresh rather than to ask for a sign-in.
  store.write(JSON.stringify(token), session.refresh_expires_in);
  return token;
}

export function clearToken(): void {
  store.clear();
}

export const isSignedIn = (): boolean => readToken() !== null;

/** Expired, or about to: refresh before using it. */
export const isExpiring = (token: StoredToken): boolean => token.expires_at - Date.now() < 30_000;

type AuthMessage = { type: 'logout' } | { type: 'login' };
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('lobby-auth');

export function broadcast(message: AuthMessage): void {
  channel?.postMessage(message);
}

export function onAuthMessage(listener: (message: AuthMessage) => void): () => void {
  const handler = (event: MessageEvent<AuthMessage>) => listener(event.data);
  channel?.addEventListener('message', handler);
  return () => channel?.removeEventListener('message', handler);
}
