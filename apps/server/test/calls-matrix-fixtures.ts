// The authorisation matrix's video calls: fresh direct calls and online meetings between the
// attendee with every feature (caller) and the organiser (callee), in the event and in another one.
import { calls, callSeats, meetings } from '../src/db/schema/index.ts';
import type { TestApp } from './harness.ts';

export function callsMatrix(t: TestApp, ids: () => { eventId: number; otherEventId: number; callerId: number; calleeId: number }) {
  const db = () => t.database.db;
  /** A ringing direct call; `seated` puts the caller in it. */
  const direct = async (options: { other?: boolean; seated?: boolean } = {}) => {
    const { eventId, otherEventId, callerId, calleeId } = ids();
    const [row] = await db()
      .insert(calls)
      .values({ eventId: options.other ? otherEventId : eventId, kind: 'direct', status: 'ringing', createdBy: callerId, calleeId, maxPeople: 2 })
      .returning();
    if (!row) throw new Error('no call');
    if (options.seated) await db().insert(callSeats).values({ callId: row.id, userId: callerId });
    return row.id;
  };
  /** An accepted online meeting of the two, starting in five minutes. */
  const meeting = async (other = false) => {
    const { eventId, otherEventId, callerId, calleeId } = ids();
    const startsAt = new Date(Date.now() + 5 * 60_000);
    const [row] = await db()
      .insert(meetings)
      .values({ eventId: other ? otherEventId : eventId, organizerId: callerId, inviteeId: calleeId, status: 'accepted', isOnline: true, startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) })
      .returning();
    if (!row) throw new Error('no meeting');
    return row.id;
  };
  return { direct, meeting };
}
