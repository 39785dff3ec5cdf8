import { GROUP_LAYOUTS, type GroupLayout } from '@lobby/contract';

// What a person chose for their calls, kept in this browser: the group call layout and the camera
// and microphone (product.md section 2; the chosen devices are used again at the next call).

const LAYOUT_KEY = 'lobby.call-layout';
const DEVICES_KEY = 'lobby.call-devices';

export interface DeviceChoice {
  audio: string | null;
  video: string | null;
}

/** Storage may be missing or refuse (private windows, a full quota): the defaults apply then. */
type Store = Pick<Storage, 'getItem' | 'setItem'> | null;
const browserStore = (): Store => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

function read(store: Store, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function write(store: Store, key: string, value: string): void {
  try {
    store?.setItem(key, value);
  } catch {
    // Not kept: the choice holds for this page only.
  }
}

export function readLayout(store: Store = browserStore()): GroupLayout {
  const saved = read(store, LAYOUT_KEY);
  return (GROUP_LAYOUTS as readonly string[]).includes(saved ?? '') ? (saved as GroupLayout) : 'grid';
}
export const saveLayout = (layout: GroupLayout, store: Store = browserStore()): void => write(store, LAYOUT_KEY, layout);

export function readDevices(store: Store = browserStore()): DeviceChoice {
  try {
    const value: unknown = JSON.parse(read(store, DEVICES_KEY) ?? 'null');
    const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    const id = (key: string) => (typeof record[key] === 'string' && record[key] !== '' ? (record[key] as string) : null);
    return { audio: id('audio'), video: id('video') };
  } catch {
    return { audio: null, video: null };
  }
}
export const saveDevices = (choice: DeviceChoice, store: Store = browserStore()): void => write(store, DEVICES_KEY, JSON.stringify(choice));
