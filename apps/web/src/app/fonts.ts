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
/** Fonts whose faces have loaded: applied at once, with no second layout. */
const ready = new Set<string>();

/**
 * The weights Lobby's pages set text in (regular, medium, semibold, bold). They are fetched
 * together, so the page is laid out once in the event's font rather than again as each weight
 * arrives; others load when a page asks for them.
 */
export const UI_WEIGHTS = [400, 500, 600, 700] as const;

async function loadFace(font: EventFont): Promise<boolean> {
  await sheets[font]();
  // An empty list means no face of the family could be loaded.
  const faces = await Promise.all(UI_WEIGHTS.map((weight) => document.fonts.load(`${weight} 1em "${font}"`)));
  return faces.every((found) => found.length > 0);
}

/** Whether an event font has loaded already (loadEventFont resolved true). */
export const isEventFontReady = (name: string): boolean => ready.has(name);

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
        if (ok) ready.add(name);
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

/**
 * Starts loading an event's font as soon as the event is known (before its pages have rendered),
 * so that it is usually there for their first layout. Quiet: the warnings come from loadEventFont
 * when the theme is applied.
 */
export function preloadEventFont(name: string | null | undefined): void {
  const font = name?.trim();
  if (font && isEventFont(font)) void loadEventFont(font);
}
