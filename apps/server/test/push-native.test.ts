// Pushes to the native shell (issue 18): FCM HTTP v1 and APNs, each against a local receiver that
// checks what the real service checks (FCM: the service account's signed JWT exchanged for a
// token, then the bearer; APNs over HTTP/2: the ES256 provider token, topic and push type).
import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { TEST_CERT, TEST_KEY } from './support/tls-fixture.ts';

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const APNS_GONE = 'f'.repeat(64);
const FCM_GONE = 'fcm-gone-token';

interface JwtParts {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  valid: boolean;
}

function readJwt(jwt: string, key: KeyObject, ecdsa: boolean): JwtParts {
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  const valid = verify('sha256', Buffer.from(`${head}.${claims}`), ecdsa ? { key, dsaEncoding: 'ieee-p1363' } : key, Buffer.from(signature, 'base64url'));
  return { header: JSON.parse(Buffer.from(head, 'base64url').toString()), claims: JSON.parse(Buffer.from(claims, 'base64url').toString()), valid };
}

const listen = async (server: Server | Http2SecureServer) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const fcmSeen: { token: JwtParts[]; sends: { authorization: string | undefined; path: string; body: { message: Record<string, unknown> } }[] } = { token: [], sends: [] };
const fcm = createServer({ cert: TEST_CERT, key: TEST_KEY }, (req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    if (req.url === '/token') {
      const form = new URLSearchParams(body);
      const parts = readJwt(form.get('assertion') ?? '', rsa.publicKey, false);
      fcmSeen.token.push(parts);
      const ok = parts.valid && form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer';
      res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' }).end(JSON.stringify(ok ? { access_token: 'ya29.local', expires_in: 3599, token_type: 'Bearer' } : { error: 'invalid_grant' }));
      return;
    }
    const parsed = JSON.parse(body) as { message: Record<string, unknown> };
    fcmSeen.sends.push({ authorization: req.headers.authorization, path: req.url ?? '', body: parsed });
    if (parsed.message.token === FCM_GONE) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 404, status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'projects/lobby-test/messages/1' }));
  });
});

const apnsSeen: { headers: Record<string, string | string[] | undefined>; body: Record<string, unknown>; jwt: JwtParts }[] = [];
const apns = createSecureServer({ cert: TEST_CERT, key: TEST_KEY });
apns.on('stream', (stream, headers) => {
  let body = '';
  stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
  stream.on('end', () => {
    const jwt = readJwt(String(headers.authorization ?? '').replace(/^bearer /, ''), ec.publicKey, true);
    apnsSeen.push({ headers, body: JSON.parse(body), jwt });
    const gone = headers[':path'] === `/3/device/${APNS_GONE}`;
    stream.respond({ ':status': gone ? 410 : jwt.valid ? 200 : 403, 'apns-id': '7f0f1e3a-0000-4000-8000-000000000000', 'content-type': 'application/json' });
    stream.end(gone ? JSON.stringify({ reason: 'Unregistered', timestamp: 1 }) : '');
  });
});

let t: TestApp;
let fcmOrigin = '';
beforeAll(async () => {
  fcmOrigin = await listen(fcm);
  const apnsOrigin = await listen(apns);
  const account = { type: 'service_account', project_id: 'lobby-test', client_email: 'push@lobby-test.iam.gserviceaccount.com', private_key: rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }), token_uri: `${fcmOrigin}/token` };
  t = await createTestApp(
    { FCM_SERVICE_ACCOUNT: JSON.stringify(account), APNS_KEY_ID: 'KEY1234567', APNS_TEAM_ID: 'TEAM123456', APNS_KEY: String(ec.privateKey.export({ type: 'pkcs8', format: 'pem' })), APNS_TOPIC: 'org.lobby.app' },
    { pushTransport: { ca: TEST_CERT, fcmOrigin, apnsOrigin } },
  );
});
afterAll(async () => {
  await t.close();
  fcm.closeAllConnections();
  await new Promise<void>((resolve) => fcm.close(() => resolve()));
  await new Promise<void>((resolve) => apns.close(() => resolve()));
});

async function drain(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) if ((await t.app.deps.jobs.runOnce()) === 0) return;
}

describe('native pushes', () => {
  it('sends a custom push to an Android phone by FCM and an iPhone by APNs, and forgets tokens they say are gone', async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const organiser = await createUser(db);
    await addMembership(db, event.id, organiser.id, { isOrganizer: true });
    const attendee = await createUser(db);
    await addMembership(db, event.id, attendee.id);
    const headers = await authHeader(db, t.config.secret, attendee.id);
    for (const payload of [
      { platform: 'android', token: 'fcm-token-1:APA91b' },
      { platform: 'android', token: FCM_GONE },
      { platform: 'ios', token: 'a'.repeat(64) },
      { platform: 'ios', token: APNS_GONE },
    ]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/push/v1/user', headers, payload })).statusCode).toBe(200);
    }
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/v1/events/${event.id}/pushes`,
      headers: await authHeader(db, t.config.secret, organiser.id),
      payload: { title: 'Doors open', text: 'Welcome to the summit!', url: 'https://example.org/map', segment: {} },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await drain();

    // FCM: one token exchange with a JWT the service account signed, then one send per token.
    expect(fcmSeen.token).toHaveLength(1);
    expect(fcmSeen.token[0]).toMatchObject({ valid: true, header: { alg: 'RS256' }, claims: { iss: 'push@lobby-test.iam.gserviceaccount.com', aud: `${fcmOrigin}/token`, scope: 'https://www.googleapis.com/auth/firebase.messaging' } });
    const toAttendee = fcmSeen.sends.filter((send) => ['fcm-token-1:APA91b', FCM_GONE].includes(String(send.body.message.token)));
    expect(toAttendee).toHaveLength(2);
    const [first] = toAttendee;
    expect(first?.path).toBe('/v1/projects/lobby-test/messages:send');
    expect(first?.authorization).toBe('Bearer ya29.local');
    expect(first?.body.message).toMatchObject({ notification: { title: 'Doors open', body: 'Welcome to the summit!' }, data: { type: 'custom_push', url: 'https://example.org/map', event_id: String(event.id) }, android: { priority: 'normal' } });
    expect(Object.values(first?.body.message.data as Record<string, unknown>).every((value) => typeof value === 'string')).toBe(true);

    // APNs: HTTP/2 with a provider token of the key id and team, the topic and an alert.
    const iphone = apnsSeen.find((seen) => seen.headers[':path'] === `/3/device/${'a'.repeat(64)}`);
    expect(iphone?.jwt).toMatchObject({ valid: true, header: { alg: 'ES256', kid: 'KEY1234567' }, claims: { iss: 'TEAM123456' } });
    expect(iphone?.headers).toMatchObject({ ':method': 'POST', 'apns-topic': 'org.lobby.app', 'apns-push-type': 'alert', 'apns-priority': '5' });
    expect(iphone?.body).toMatchObject({ aps: { alert: { title: 'Doors open', body: 'Welcome to the summit!' }, sound: 'default' }, type: 'custom_push', url: 'https://example.org/map' });

    const left = await db.select({ token: pushSubscriptions.token }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, attendee.id));
    expect(left.map((row) => row.token).sort()).toEqual(['a'.repeat(64), 'fcm-token-1:APA91b'].sort());
  });
});
