/**
 * Inside Lobby's native shell: Capacitor puts its bridge on the page before the page's own scripts
 * run, so this is known at once without loading Capacitor on the web.
 */
export function isNativeShell(): boolean {
  const capacitor = (window as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return typeof capacitor?.isNativePlatform === 'function' && capacitor.isNativePlatform();
}
