import type { ChatCustomData, ChatCustomType } from '@lobby/contract';
import { randomUUID } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { calls, chatBans, chatChannels, chatMembers, chatMessages, chatReports, companies, companyUsers, eventCompanies, eventMembers } from '../schema/index.ts';
import type { SeededEvents } from './people.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const MINUTE = 60_000;

interface Line {
  /** Index into the channel's speakers. */
  by: number | null;
  text: string;
  /** Minutes before now. */
  ago: number;
  type?: ChatCustomType;
  data?: ChatCustomData;
  /** Index of an earlier line of the same channel it answers. */
  reply?: number;
}

/** Inserts a channel with its history: sequences 1..n, the last message, read marks as given. */
export async function channelWith(tx: Tx, now: number, values: typeof chatChannels.$inferInsert, speakers: number[], lines: Line[], reads: Map<number, number>): Promise<{ id: string; messageIds: number[] }> {
  const [channel] = await tx.insert(chatChannels).values(values).returning({ id: chatChannels.id, eventId: chatChannels.eventId });
  if (!channel) throw new Error('chat channel not seeded');
  const ids: number[] = [];
  for (const [index, line] of lines.entries()) {
    const at = new Date(now - line.ago * MINUTE);
    const [row] = await tx
      .insert(chatMessages)
      .values({
        channelId: channel.id,
        seq: index + 1,
        senderId: line.by === null ? null : (speakers[line.by] ?? null),
        uuid: randomUUID(),
        text: line.text,
        customType: line.type ?? null,
        customData: { event_id: channel.eventId, ...line.data },
        replyMessageId: line.reply === undefined ? null : (ids[line.reply] ?? null),
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: chatMessages.id });
    if (row) ids.push(row.id);
  }
  const lastAt = lines.at(-1) ? new Date(now - (lines.at(-1)?.ago ?? 0) * MINUTE) : new Date(now);
  await tx
    .update(chatChannels)
    .set({ lastSeq: lines.length, lastMessageId: ids.at(-1) ?? null, updatedAt: lastAt, createdAt: new Date(now - (lines[0]?.ago ?? 0) * MINUTE - MINUTE) })
    .where(eq(chatChannels.id, channel.id));
  if (reads.size > 0) await tx.insert(chatMembers).values([...reads].map(([userId, readSeq]) => ({ channelId: channel.id, userId, readSeq })));
  return { id: channel.id, messageIds: ids };
}

/**
 * The summit's chats: the demo attendee's private chats with history (some unread), a chat with the
 * speaker account, company chats on both sides, a sponsor's promo channel, the expo's public chat
 * with a reported message, a ban for the organiser's moderation page, and the attendee's notices.
 */
export async function seedChats(tx: Tx, seeded: SeededEvents, now: number): Promise<void> {
  const summit = seeded.eventId.get('lobby-summit');
  const attendee = seeded.userId.get('attendee@lobby.demo');
  const speaker = seeded.userId.get('speaker@lobby.demo');
  const organizer = seeded.userId.get('organizer@lobby.demo');
  if (summit === undefined || attendee === undefined || speaker === undefined || organizer === undefined) return;
  const accounts = [...seeded.userId.values()];
  const business = seeded.ticketId.get('lobby-summit')?.get('business');
  const others = (
    await tx
      .select({ userId: eventMembers.userId })
      .from(eventMembers)
      .where(and(eq(eventMembers.eventId, summit), business === undefined ? undefined : eq(eventMembers.ticketTypeId, business), notInArray(eventMembers.userId, accounts)))
      .orderBy(eventMembers.id)
      .offset(10)
      .limit(12)
  ).map((row) => row.userId);
  if (others.length < 8) return;
  const [p0, p1, p2, p3, p4, p5, p6, p7] = others as [number, number, number, number, number, number, number, number];
  const pair = (a: number, b: number) => (a < b ? { pairLow: a, pairHigh: b } : { pairLow: b, pairHigh: a });
  const privateChat = (other: number, lines: Line[], attendeeRead: number, otherRead: number) =>
    channelWith(tx, now, { eventId: summit, access: 'private', ...pair(attendee, other), createdBy: lines[0]?.by === 0 ? attendee : other }, [attendee, other], lines, new Map([[attendee, attendeeRead], [other, otherRead]]));

  // Two calls in the history: the speaker's answered one, and one of the attendee's nobody answered.
  const answeredCall = randomUUID();
  const missedCall = randomUUID();
  const speakerChat = await privateChat(
    speaker,
    [
      { by: 0, text: 'Hi Wei! Loved your talk proposal on systemic design.', ago: 60 * 26 },
      { by: 1, text: 'Thank you, Alex! Are you coming to the summit in person?', ago: 60 * 25 },
      { by: 1, text: 'Video call', ago: 60 * 25 - 5, type: 'call', data: { call_id: answeredCall, kind: 'direct' } },
      { by: 0, text: 'Yes, all three days. Shall we meet at zone A?', ago: 60 * 25 - 10, type: 'question' },
      { by: 1, text: 'Sounds good. I sent you a request for tomorrow 10:00.', ago: 60 * 3, reply: 3 },
      { by: 1, text: 'Bring the co-op prototype build if you can 🎮', ago: 45 },
    ],
    4,
    6,
  );
  await privateChat(
    p0,
    [
      { by: 1, text: 'Hello! We invest in small co-op teams. Is Nebula raising this year?', ago: 60 * 50 },
      { by: 0, text: 'We are, a seed round in the spring.\nDeck: https://example.org/nebula-deck', ago: 60 * 49 },
      { by: 1, text: 'Great. Let us talk at the investor lounge.', ago: 60 * 2, type: 'important' },
    ],
    2,
    3,
  );
  const portingChat = await privateChat(
    p1,
    [
      { by: 0, text: 'Hi! Do you port Unity games to Switch?', ago: 60 * 30, type: 'question' },
      { by: 1, text: 'Yes, and to PlayStation. What engine version?', ago: 60 * 29 },
      { by: 0, text: 'Unity 6, URP.', ago: 60 * 29 - 5 },
      { by: 1, text: 'Perfect, that is our sweet spot.', ago: 60 * 28, reply: 2 },
      { by: 0, text: 'Video call', ago: 60 * 28 - 20, type: 'call', data: { call_id: missedCall, kind: 'direct' } },
    ],
    5,
    4,
  );
  const at = (minutes: number) => new Date(now - minutes * MINUTE);
  await tx.insert(calls).values([
    { id: answeredCall, eventId: summit, kind: 'direct', status: 'ended', channelId: speakerChat.id, createdBy: speaker, calleeId: attendee, maxPeople: 2, createdAt: at(60 * 25 - 5), answeredAt: at(60 * 25 - 5), endedAt: at(60 * 25 - 22) },
    { id: missedCall, eventId: summit, kind: 'direct', status: 'missed', channelId: portingChat.id, createdBy: attendee, calleeId: p1, maxPeople: 2, createdAt: at(60 * 28 - 20), endedAt: at(60 * 28 - 19) },
  ]);
  await privateChat(
    p2,
    [
      { by: 1, text: 'Hi Alex, we localise into Chinese, Japanese and Korean.', ago: 60 * 8 },
      { by: 1, text: 'Would you like a quote for Nebula Drift?', ago: 60 * 8 - 2 },
    ],
    0,
    2,
  );
  await privateChat(p3, [{ by: 0, text: 'Thanks for the meeting yesterday! Sending the build link soon.', ago: 60 * 20 }], 1, 1);

  // Company chats: an attendee writes to the attendee's company (Nebula Games), and the attendee to a sponsor.
  const [nebula] = await tx.select({ companyId: companyUsers.companyId }).from(companyUsers).where(eq(companyUsers.userId, attendee)).limit(1);
  if (nebula) {
    await tx.update(companies).set({ hasChat: true }).where(eq(companies.id, nebula.companyId));
    await channelWith(
      tx,
      now,
      { eventId: summit, access: 'private', entityType: 'company', entityId: nebula.companyId, ownerId: p4, createdBy: p4 },
      [p4, attendee],
      [
        { by: 0, text: 'Hi Nebula team, are you hiring level designers?', ago: 60 * 5, type: 'question' },
        { by: 1, text: 'We are! Drop by our booth on day two.', ago: 60 * 4 },
        { by: 0, text: 'Will do, thanks.', ago: 30 },
      ],
      new Map([[p4, 3], [attendee, 2]]),
    );
  }
  const sponsors = await tx
    .select({ id: companies.id })
    .from(eventCompanies)
    .innerJoin(companies, eq(companies.id, eventCompanies.companyId))
    .where(and(eq(eventCompanies.eventId, summit), sql`${eventCompanies.sponsorType} is not null`, nebula ? sql`${companies.id} <> ${nebula.companyId}` : undefined))
    .orderBy(companies.id)
    .limit(1);
  const sponsor = sponsors[0];
  if (sponsor) {
    await tx.update(companies).set({ hasChat: true }).where(eq(companies.id, sponsor.id));
    const staff = await tx.select({ userId: companyUsers.userId, roles: companyUsers.roles }).from(companyUsers).where(eq(companyUsers.companyId, sponsor.id));
    let answerer = staff.find((row) => row.roles.includes('chat') || row.roles.includes('admin'))?.userId;
    if (answerer === undefined) {
      answerer = p5;
      await tx.insert(companyUsers).values({ companyId: sponsor.id, userId: p5, roles: ['chat'] }).onConflictDoUpdate({ target: [companyUsers.companyId, companyUsers.userId], set: { roles: ['chat'] } });
    }
    await channelWith(
      tx,
      now,
      { eventId: summit, access: 'private', entityType: 'company', entityId: sponsor.id, ownerId: attendee, createdBy: attendee },
      [attendee, answerer],
      [
        { by: 0, text: 'Hello! Is your SDK free for indie teams?', ago: 60 * 12, type: 'question' },
        { by: 1, text: 'Yes, up to 100k monthly players. Happy to show a demo at our booth.', ago: 60 * 11 },
      ],
      new Map([[attendee, 1]]),
    );
    await channelWith(
      tx,
      now,
      { eventId: summit, access: 'public', entityType: 'promo_company', entityId: sponsor.id, createdBy: organizer },
      [organizer],
      [{ by: 0, text: 'Visit our booth on day one for a free SDK licence and a live demo at 15:00.', ago: 60 * 6, type: 'important' }],
      new Map(),
    );
  }

  // The expo's public chat, with a message somebody reported.
  const expo = await channelWith(
    tx,
    now,
    { eventId: summit, access: 'public', path: '/expo', createdBy: p6 },
    [p6, p7, attendee, p5],
    [
      { by: 0, text: 'Where is the indie corner?', ago: 60 * 3 },
      { by: 1, text: 'Hall B, next to the coffee bar ☕', ago: 60 * 3 - 2, reply: 0 },
      { by: 2, text: 'Nebula Drift demo at booth 1 all day!', ago: 90 },
      { by: 3, text: 'BUY CHEAP FOLLOWERS http://spam.example', ago: 40 },
    ],
    new Map(),
  );
  const spam = expo.messageIds[3];
  if (spam !== undefined) {
    await tx.insert(chatReports).values([
      { eventId: summit, messageId: spam, reporterId: attendee, reason: 'Spam', createdAt: new Date(now - 35 * MINUTE) },
      { eventId: summit, messageId: spam, reporterId: p6, reason: 'Advertising', createdAt: new Date(now - 30 * MINUTE) },
    ]);
  }
  await tx.insert(chatBans).values({ eventId: summit, userId: p7, until: new Date(now + 2 * 60 * MINUTE), reason: 'Flooding the expo chat', bannedBy: organizer, createdAt: new Date(now - 20 * MINUTE) });

  // The attendee's notices.
  await channelWith(
    tx,
    now,
    { eventId: summit, access: 'notifications', ownerId: attendee },
    [],
    [{ by: null, text: 'Welcome to Lobby Summit! Fill your profile so people can find you.', ago: 60 * 30, type: 'important', data: { title: 'Welcome to Lobby Summit', text: 'Fill your profile so people can find you.', action: '/profile' } }],
    new Map([[attendee, 1]]),
  );
}
