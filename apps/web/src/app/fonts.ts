import type { EventFont } from '@lobby/contract';

/**
 * Event fonts from the app's own assets (@fontsource packages, bundled by Vite): the CSS with the
 * @font-face rules of weights 300 to 900 is fetched only when an event uses the font, and the
 * browser then fetches just the weights and scripts the page shows. No font host is contacted.
 */
const sheets: Record<EventFont, () => Promise<unknown>> = {
  Inter: () => import('./fonts/inter.css'),
  Roboto: () => import('./fonts/roboto.css'),
  Montserrat: () => import('./fonts/montserrat.css'),
  Rubik: () => import('./fonts/rubik.css'),
};

const isEventFont = (name: string): name is EventFont => Object.hasOwn(sheets, name);

const loading = new Map<EventFont, Promise<boolean>>();

async function loadFace(font: EventFont): Promise<boolean> {
  await sheets[font]();
  // An empty list means no face of the family could be loaded.
  const faces = await document.fonts.load(`400 1em "${font}"`);
  return faces.length > 0;
}

/**
 * Loads an event's theme font; true when it is ready. A font Lobby does not serve, or one that
 * fails to load, leaves the page in its own font with a warning in the console only (contract.md
 * section 8: webfont failures only log a warning).
 */
export function loadEventFont(name: string): Promise<boolean> {
  if (!isEventFont(name)) {
    console.warn(`Lobby: the event font "${name}" is not one Lobby serves (${Object.keys(sheets).join(', ')}); using the default font`);
    return Promise.resolve(false);
  }
  let pending = loading.get(name);
  if (!pending) {
    pending = loadFace(name).then(
      (ok) => {
        if (!ok) console.warn(`Lobby: the event font "${name}" could not be loaded; using the default font`);
        return ok;
      },
      (error: unknown) => {
        console.warn(`Lobby: the event font "${name}" could not be loaded; using the default font`, error);
        return false;
      },
    );
    // A failure may be passing (offline): the next event page tries again.
    void pending.then((ok) => ok || loading.delete(name));
    loading.set(name, pending);
  }
  return pending;
}
