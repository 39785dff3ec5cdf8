import { ErrorCode, type TicketKind } from '@lobby/contract';
import { upgradeOffer, type AccessSource, type EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { directoryAccess } from './policy.ts';
import { listTicketTypes } from './repo.ts';

export interface GatedEvent {
  id: number;
  dateFrom: Date;
  access: EventAccess;
}

/** 404 for an unknown event, 403 section.locked (with the reason) when the ticket does not open the directory. */
export async function openDirectory(db: Db, source: AccessSource, eventId: number): Promise<GatedEvent> {
  // Usually both were read with the session check already (loadSessionAccess).
  const [event, access] = await Promise.all([source.activeEvent(eventId), source.get(eventId)]);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  // The ticket types are read only when the gate would refuse, to say whether an upgrade opens it.
  const reader = { signedIn: access.userId !== null, isMember: access.member !== null, ticketKind: (access.ticketType?.kind as TicketKind | undefined) ?? null, permissions: access.permissions };
  let verdict = directoryAccess({ ...reader, upgradeGrants: null });
  if (verdict === 'unavailable') verdict = directoryAccess({ ...reader, upgradeGrants: upgradeOffer(await listTicketTypes(db, eventId), access.ticketType)?.grants ?? null });
  if (verdict !== 'ok') throw new AppError(403, ErrorCode.sectionLocked, 'Your ticket does not open the people directory.', { section: 'members', access: verdict });
  return { id: event.id, dateFrom: event.dateFrom, access };
}
