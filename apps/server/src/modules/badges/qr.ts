// The badge QR value (venue-rules.ts: LB1.{badgeId}.{signature}). The signature is an HMAC of the
// badge id under a key derived from LOBBY_SECRET for this use alone, so a QR can be neither made
// up nor turned into another use's token; it names a badge, never a person.
import { BADGE_SIGNATURE_LENGTH, formatBadgeQr, parseBadgeQr } from '@lobby/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface BadgeSigner {
  /** The QR value of a badge. */
  qrOf(badgeId: number): string;
  /** The badge id of a genuine QR value; 'malformed' when it is not a Lobby badge, 'forged' when its signature is wrong. */
  verify(text: string): { badgeId: number } | 'malformed' | 'forged';
}

const signers = new Map<string, BadgeSigner>();

export function badgeSigner(secret: string): BadgeSigner {
  const known = signers.get(secret);
  if (known) return known;
  const key = createHmac('sha256', secret).update('lobby badge qr v1').digest();
  // 16 bytes of the MAC: 128 bits are far beyond guessing, and the QR stays small enough to scan from a phone screen.
  const sign = (badgeId: number) => createHmac('sha256', key).update(`badge:${badgeId}`).digest().subarray(0, 16).toString('base64url');
  const signer: BadgeSigner = {
    qrOf: (badgeId) => formatBadgeQr(badgeId, sign(badgeId)),
    verify(text) {
      const parsed = parseBadgeQr(text);
      if (!parsed) return 'malformed';
      const expected = Buffer.from(sign(parsed.badgeId));
      const given = Buffer.from(parsed.signature);
      return given.length === BADGE_SIGNATURE_LENGTH && timingSafeEqual(expected, given) ? { badgeId: parsed.badgeId } : 'forged';
    },
  };
  signers.set(secret, signer);
  return signer;
}
