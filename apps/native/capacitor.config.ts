// Lobby's native shell (issue 18): the same web app, served by a Lobby server, in a Capacitor
// WebView for Android and iOS. The shell opens the server's address (LOBBY_PUBLIC_URL, the
// deployment's PUBLIC_URL), so pages, the API and the refresh cookie stay on one origin and every
// deploy reaches the app at once; the JavaScript bridge (apps/web/src/native) adds native storage
// for the auth token, pushes, deep links, the back button and the status bar.
import type { CapacitorConfig } from '@capacitor/cli';
import { publicUrl } from './scripts/public-url.cjs';

const url = publicUrl();
const host = new URL(url).hostname;

const config: CapacitorConfig = {
  appId: process.env.LOBBY_APP_ID ?? 'org.lobby.app',
  appName: 'Lobby',
  // Only the page shown when the server cannot be reached (scripts/prepare-www.mjs writes it).
  webDir: 'www',
  server: {
    url,
    // http only for a server on a development machine; production addresses are https.
    cleartext: url.startsWith('http:'),
    // The product's host and its event subdomains stay in the app; other sites open outside.
    allowNavigation: [host, `*.${host}`],
    errorPath: 'offline.html',
  },
  plugins: {
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
    // contract.md section 9: the Android status bar #3b82f6 with the dark style (also set by the bridge at start).
    StatusBar: { backgroundColor: '#3b82f6', style: 'DARK', overlaysWebView: false },
  },
};

export default config;
