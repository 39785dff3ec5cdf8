import { createECDH, createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateVapidKeys } from '../../config-push.ts';
import { encryptPayload, PAYLOAD_MAX, vapidAuthorization, vapidSigningKey } from './web-push.ts';

// RFC 8291 Appendix A: the example message, its keys and salt, and the encrypted result.
const rfc = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  result:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

describe('encryptPayload (RFC 8291)', () => {
  it("gives the RFC's example message byte for byte", () => {
    const server = createECDH('prime256v1');
    server.setPrivateKey(Buffer.from(rfc.asPrivate, 'base64url'));
    expect(server.getPublicKey().toString('base64url')).toBe(rfc.asPublic);
    const out = encryptPayload(Buffer.from(rfc.plaintext), { p256dh: rfc.uaPublic, auth: rfc.auth }, { salt: Buffer.from(rfc.salt, 'base64url'), serverKeys: server });
    expect(out.toString('base64url')).toBe(rfc.result);
  });

  it('uses a fresh salt and key pair for every message', () => {
    const keys = { p256dh: rfc.uaPublic, auth: rfc.auth };
    const a = encryptPayload(Buffer.from('same'), keys);
    const b = encryptPayload(Buffer.from('same'), keys);
    expect(a.subarray(0, 16).equals(b.subarray(0, 16))).toBe(false);
    expect(a.subarray(21, 86).equals(b.subarray(21, 86))).toBe(false);
    expect(a.readUInt32BE(16)).toBe(4096);
  });

  it('refuses a payload that does not fit one record', () => {
    expect(() => encryptPayload(Buffer.alloc(PAYLOAD_MAX + 1), { p256dh: rfc.uaPublic, auth: rfc.auth })).toThrow(/over/);
    // The largest payload fills the record exactly: header (86), then 4096 bytes less the header of ciphertext and tag.
    expect(encryptPayload(Buffer.alloc(PAYLOAD_MAX), { p256dh: rfc.uaPublic, auth: rfc.auth }).length).toBe(4096);
  });
});

describe('vapidAuthorization (RFC 8292)', () => {
  it('signs a 12-hour JWT for the endpoint origin with the key it names', () => {
    const keys = generateVapidKeys();
    const vapid = { ...keys, subject: 'mailto:ops@example.org' };
    const header = vapidAuthorization('https://push.example.net:8443/send/abc?x=1', vapid, vapidSigningKey(vapid), 1_000_000);
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
    expect(match?.[2]).toBe(keys.publicKey);
    const [head = '', claims = '', signature = ''] = (match?.[1] ?? '').split('.');
    expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toEqual({ aud: 'https://push.example.net:8443', exp: 1_000_000 + 12 * 3600, sub: 'mailto:ops@example.org' });
    const point = Buffer.from(keys.publicKey, 'base64url');
    const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
    expect(verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
  });
});
