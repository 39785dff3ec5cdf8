// HTTPS for the push services. node:https rather than fetch, so a test's certificate authority
// (a local receiver standing in for a push service) can be trusted without touching the process.
import { request } from 'node:https';
import { rootCertificates } from 'node:tls';

/** How the push clients reach their services; tests point these at local receivers. */
export interface PushTransport {
  /** Extra trusted certificate (PEM), added to Node's roots. */
  ca?: string;
  /** FCM's origin instead of https://fcm.googleapis.com. */
  fcmOrigin?: string;
  /** APNs' origin instead of the one APNS_SANDBOX picks. */
  apnsOrigin?: string;
  /** Per request; 10 s unless told. */
  timeoutMs?: number;
}

export interface SendResult {
  status: number;
  body: string;
}

/** The answer body kept for the log: push services explain refusals in a line or two. */
const BODY_MAX = 4096;

export const trustedCa = (transport: PushTransport): string[] | undefined => (transport.ca ? [...rootCertificates, transport.ca] : undefined);

/** POSTs bytes over HTTPS and answers the status and (the start of) the body; network errors throw. */
export function postBytes(url: string, headers: Record<string, string>, body: Buffer, transport: PushTransport): Promise<SendResult> {
  const target = new URL(url);
  if (target.protocol !== 'https:') return Promise.reject(new Error(`push services are reached over https only, not ${target.protocol}`));
  const ca = trustedCa(transport);
  return new Promise((resolve, reject) => {
    const req = request(target, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) }, timeout: transport.timeoutMs ?? 10_000, ...(ca ? { ca } : {}) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (text.length < BODY_MAX) text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text.slice(0, BODY_MAX) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`push service did not answer within ${transport.timeoutMs ?? 10_000} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
