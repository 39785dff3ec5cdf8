// A scanned badge QR, checked: genuine (its signature), of this event, not replaced by a reprint,
// its holder still a member. Check-in, contact exchange and booth leads all read badges so.
import { ErrorCode } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { scanOutcome } from './policy.ts';
import type { BadgeSigner } from './qr.ts';
import { scannedBadge } from './repo.ts';

export interface ScannedHolder {
  badgeId: number;
  userId: number;
}

const field = (message: string) => ({ fields: [{ field: 'body.qr', message, key: 'invalid', params: {} }] });

export async function resolveScan(db: Db, signer: BadgeSigner, eventId: number, qr: string): Promise<ScannedHolder> {
  const verified = signer.verify(qr);
  if (verified === 'malformed') {
    const message = 'This is not a Lobby badge code.';
    throw new AppError(422, ErrorCode.badgeInvalid, message, field(message));
  }
  if (verified === 'forged') {
    const message = 'This badge code is not genuine.';
    throw new AppError(422, ErrorCode.badgeInvalid, message, field(message));
  }
  const badge = await scannedBadge(db, verified.badgeId);
  const outcome = scanOutcome(badge ? { eventId: badge.eventId, revokedAt: badge.revokedAt, holderIsMember: badge.memberId !== null } : null, eventId);
  switch (outcome) {
    case 'not_found':
      throw new AppError(404, ErrorCode.badgeNotFound, 'This badge does not exist any more.');
    case 'other_event':
      throw new AppError(422, ErrorCode.badgeOtherEvent, 'This badge belongs to another event.', field('This badge belongs to another event.'));
    case 'revoked':
      throw new AppError(410, ErrorCode.badgeRevoked, 'This badge was replaced by a newer one and no longer works.');
    case 'holder_left':
      throw new AppError(404, ErrorCode.memberNotFound, 'The holder of this badge is no longer a member of the event.');
    case 'ok':
      break;
  }
  // ok means the badge row exists.
  return { badgeId: verified.badgeId, userId: badge?.userId ?? 0 };
}
