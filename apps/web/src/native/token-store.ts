import { Preferences } from '@capacitor/preferences';
import { AUTH_STORAGE_KEY } from '@lobby/contract';
import type { TokenStore } from '../api/session.ts';

/** What native storage holds under `gateway-auth`: the value and when it lapses (a cookie's Max-Age). */
interface Kept {
  value: string;
  expires_at: number;
}

const quietly = (write: Promise<void>) => void write.catch((error: unknown) => console.warn('Lobby: native storage could not be written', error));

/**
 * The auth token in native storage (contract.md section 3: `gateway-auth`, in native storage on
 * mobile). Read once at start into memory, so reading stays synchronous as the API client needs;
 * every change is written through.
 */
export async function loadNativeTokenStore(): Promise<TokenStore> {
  let held: Kept | null = null;
  try {
    const { value } = await Preferences.get({ key: AUTH_STORAGE_KEY });
    const kept = value ? (JSON.parse(value) as Partial<Kept>) : null;
    if (typeof kept?.value === 'string' && typeof kept.expires_at === 'number') held = { value: kept.value, expires_at: kept.expires_at };
  } catch (error) {
    console.warn('Lobby: the saved sign-in could not be read', error);
  }
  return {
    read: () => (held && held.expires_at > Date.now() ? held.value : null),
    write: (value, maxAgeSeconds) => {
      held = { value, expires_at: Date.now() + maxAgeSeconds * 1000 };
      quietly(Preferences.set({ key: AUTH_STORAGE_KEY, value: JSON.stringify(held) }));
    },
    clear: () => {
      held = null;
      quietly(Preferences.remove({ key: AUTH_STORAGE_KEY }));
    },
  };
}
