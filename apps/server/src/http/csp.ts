import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/**
 * A fresh script nonce per response. The SPA's index.html carries it on its configuration block
 * and the web hands it to the analytics loader scripts, so only scripts Lobby itself adds run:
 * no host is allowed wholesale in script-src (docs/decisions.md, "Analytics").
 */
const nonces = new WeakMap<ServerResponse, string>();

export function issueNonce(res: ServerResponse): string {
  const nonce = randomBytes(16).toString('base64');
  nonces.set(res, nonce);
  return nonce;
}

/** The nonce of this response; one is made if the request skipped the hook (it never should). */
export const nonceOf = (res: ServerResponse): string => nonces.get(res) ?? issueNonce(res);

/** Used as a helmet directive value: evaluated per response. */
export const scriptNonceSource = (_req: unknown, res: ServerResponse): string => `'nonce-${nonceOf(res)}'`;

/**
 * swagger-ui sends its own CSP with `upgrade-insecure-requests`. Over plain http on any host but
 * localhost that turns its asset loads into https ones, which fail and leave /api/docs blank, so
 * the directive stays only when the public address is https.
 */
export function docsCsp(header: string, publicUrl: string): string {
  if (publicUrl.startsWith('https:')) return header;
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part.toLowerCase() !== 'upgrade-insecure-requests')
    .join('; ')
    .concat(';');
}
