// Video calls (product.md sections 2 and 6): who is invited to a call, and what the reader may do
// with it. The pure rules of seats and statuses are the contract's (call-rules.ts).
import { seatVerdict, type CallKind, type CallStatus } from '@lobby/contract';

export interface CallShape {
  kind: CallKind;
  status: CallStatus;
  createdBy: number;
  calleeId: number | null;
  channelId: string | null;
}

export interface CallReader {
  userId: number;
  /** A member of the event (any ticket), an organiser or platform staff. */
  inEvent: boolean;
  /** Can read the chat a group call was started in (only asked for such calls). */
  readsChannel: boolean;
  /** calls.record in the event. */
  mayRecord: boolean;
}

/**
 * Invited: a direct or meeting call is its two people's; a group call of a chat is that chat's
 * people's; a group call of nobody in particular is for the event's people who have its address.
 * Everybody else is told there is no such call.
 */
export function isInvited(call: CallShape, reader: CallReader): boolean {
  if (call.kind !== 'group') return reader.userId === call.createdBy || reader.userId === call.calleeId;
  if (call.channelId !== null) return reader.readsChannel;
  return reader.inEvent;
}

export interface CallAbilities {
  join: boolean;
  answer: boolean;
  record: boolean;
}

/** What the reader may do now (the server checks each again when it is done). */
export function callAbilities(call: CallShape, reader: CallReader): CallAbilities {
  const invited = isInvited(call, reader);
  return {
    join: invited && seatVerdict({ kind: call.kind, status: call.status, seated: 0, max: 1, alreadySeated: false }) !== 'ended',
    answer: invited && call.kind === 'direct' && call.status === 'ringing' && call.calleeId === reader.userId,
    record: invited && call.kind === 'group' && reader.mayRecord,
  };
}

/** Chats a group call may start from: a company's or a lesson's (their people talk together). */
export const groupCallChannel = (channel: { access: string; entityType: string | null; path: string | null }): boolean =>
  channel.path === null && (channel.entityType === 'company' || channel.entityType === 'lesson');
