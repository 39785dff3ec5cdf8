import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stored files are named by keys of these characters only (no paths). */
export const FILE_KEY_PATTERN = /^[A-Za-z0-9._-]{1,200}$/;

const DAY_S = 24 * 60 * 60;
/** Signed addresses kept per secret (about 100 bytes each). */
const SIGNED_MAX = 20_000;

/**
 * Signed addresses of stored files: `/api/v1/files/{key}?expires=..&sig=..`. The expiry falls on
 * a day boundary one to two days ahead, so a picture keeps the same address (and stays cached)
 * for a day while a leaked address still dies.
 */
export interface FileUrls {
  /** The signed address of a key; values that are already addresses (`/...`, `https://...`) pass through. */
  url(key: string | null | undefined, now?: number): string | null;
  verify(key: string, expires: number, sig: string, now?: number): boolean;
  /** A short-lived address: it dies `ttlSeconds` (rounded up to five minutes) from now. */
  shortLived(key: string, ttlSeconds: number, now?: number): { url: string; expires: number };
}

const signers = new Map<string, FileUrls>();

export function fileUrls(secret: string): FileUrls {
  const known = signers.get(secret);
  if (known) return known;
  const signingKey = createHmac('sha256', secret).update('lobby.files').digest();
  const sign = (key: string, expires: number) => createHmac('sha256', signingKey).update(`${key}\n${expires}`).digest('base64url');
  // An address depends only on the key and the day's expiry, so a page of cards (up to two
  // pictures each) reuses the day's signatures instead of an HMAC per picture per request. Bounded:
  // emptied when the expiry moves on or past SIGNED_MAX keys.
  let signed = new Map<string, string>();
  let signedExpires = 0;
  const urls: FileUrls = {
    url(key, now = Date.now()) {
      if (!key) return null;
      if (!FILE_KEY_PATTERN.test(key)) return key.startsWith('/') || /^https?:\/\//.test(key) ? key : null;
      const expires = (Math.floor(now / 1000 / DAY_S) + 2) * DAY_S;
      if (expires !== signedExpires || signed.size >= SIGNED_MAX) {
        signed = new Map();
        signedExpires = expires;
      }
      let address = signed.get(key);
      if (address === undefined) {
        address = `/api/v1/files/${key}?expires=${expires}&sig=${sign(key, expires)}`;
        signed.set(key, address);
      }
      return address;
    },
    shortLived(key, ttlSeconds, now = Date.now()) {
      const expires = Math.ceil((now / 1000 + ttlSeconds) / 300) * 300;
      return { url: `/api/v1/files/${key}?expires=${expires}&sig=${sign(key, expires)}`, expires };
    },
    verify(key, expires, sig, now = Date.now()) {
      if (!FILE_KEY_PATTERN.test(key) || expires * 1000 < now) return false;
      const expected = Buffer.from(sign(key, expires));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
  signers.set(secret, urls);
  return urls;
}
