// The Lobby server the native shell opens: LOBBY_PUBLIC_URL (the deployment's PUBLIC_URL), else the
// embedded default on this machine. CommonJS, so both capacitor.config.ts (which the Capacitor CLI
// compiles to CommonJS) and scripts/prepare-www.mjs read the same check.
'use strict';

const FALLBACK = 'http://localhost:3000';

function publicUrl(env = process.env) {
  const raw = (env.LOBBY_PUBLIC_URL || '').trim() || FALLBACK;
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`LOBBY_PUBLIC_URL=${raw} is not an address: give the Lobby server's PUBLIC_URL, e.g. https://lobby.example.org`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`LOBBY_PUBLIC_URL=${raw} must be an https (or, for development, http) address`);
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) throw new Error(`LOBBY_PUBLIC_URL=${raw} must be the server's origin only (no path, query or credentials)`);
  return url.origin;
}

module.exports = { publicUrl };
