import { StatusBar, Style } from '@capacitor/status-bar';

/** The status bar's colour (contract.md section 9: #3b82f6, dark style). */
export const STATUS_BAR_COLOR = '#3b82f6';

/** The brand-blue status bar with light text (the "dark" style); a failure is only logged (contract.md section 8). */
export async function applyStatusBar(): Promise<void> {
  try {
    await StatusBar.setStyle({ style: Style.Dark });
    await StatusBar.setBackgroundColor({ color: STATUS_BAR_COLOR });
  } catch (error) {
    console.warn('Lobby: the status bar could not be set up', error);
  }
}
