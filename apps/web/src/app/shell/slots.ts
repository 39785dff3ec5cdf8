import { createContext, useContext } from 'react';

/**
 * Places in the app layout that an event's pages fill through portals: the sidebar (desktop), the
 * bottom tab bar (phones) and the event switcher in the top bar. The event's part of the shell thus
 * loads with the event's code, not with the first load, while the landmarks stay in document order
 * (navigation before main, so the skip link skips it).
 */
export interface ShellSlots {
  sidebar: HTMLElement | null;
  tabBar: HTMLElement | null;
  switcher: HTMLElement | null;
}

export const ShellSlotsContext = createContext<ShellSlots>({ sidebar: null, tabBar: null, switcher: null });

export const useShellSlots = (): ShellSlots => useContext(ShellSlotsContext);
