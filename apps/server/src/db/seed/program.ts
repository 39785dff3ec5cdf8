import { dayIn, MemberRole, normaliseVideoUrl, zonedToUtc, type EmbeddableVideo } from '@lobby/contract';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  archiveVideos,
  eventMembers,
  events,
  favorites,
  halls,
  lectureAttendance,
  lecturePollOptions,
  lecturePolls,
  lecturePollVotes,
  lectureQuestions,
  lectureQuestionVotes,
  lectures,
  lectureSpeakers,
  newsItems,
  programSettings,
} from '../schema/index.ts';
import { demoArchive, demoHalls, demoLectures, demoLectureStars, demoNews, demoPoll, demoQuestions, type DemoSpeaker } from './program-data.ts';
import type { SeededEvents } from './people.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Hours of a program day. */
const SLOTS = 8;
/** Where a program day starts when the moment of seeding allows it. */
const DAY_START_HOUR = 10;
/** Speakers drawn from the summit's members. */
const SPEAKER_POOL = 28;

function video(link: string): EmbeddableVideo {
  const normalised = normaliseVideoUrl(link);
  if (!normalised) throw new Error(`Demo video link ${link} is not of a supported source`);
  return normalised;
}

/** The local hour (0-23) of an instant in a timezone. */
function hourIn(at: number, zone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(at));
  return Number.parseInt(hour, 10) % 24;
}

/**
 * The start of every slot of the two program days. Day two is tomorrow (event timezone), 10:00 to
 * 18:00. Day one is today, 10:00 to 18:00 when the seeding hour allows; otherwise the grid moves so
 * that the hour of seeding is one of its slots with at least one slot before it and one after, so
 * the demo always has talks that ended, one that is live and many upcoming.
 */
export function programGrid(now: number, zone: string): { dayOne: number[]; dayTwo: number[]; liveSlot: number } {
  const today = dayIn(new Date(now), zone);
  const hour = hourIn(now, zone);
  const currentHourStart = zonedToUtc(today, `${String(hour).padStart(2, '0')}:00`, zone).getTime();
  const first = Math.min(Math.max(DAY_START_HOUR, hour - (SLOTS - 2)), hour - 1);
  const liveSlot = hour - first;
  const dayOne = Array.from({ length: SLOTS }, (_, slot) => currentHourStart + (slot - liveSlot) * HOUR);
  const tomorrow = dayIn(new Date(zonedToUtc(today, '12:00', zone).getTime() + DAY), zone);
  const dayTwo = Array.from({ length: SLOTS }, (_, slot) => zonedToUtc(tomorrow, `${String(DAY_START_HOUR + slot).padStart(2, '0')}:00`, zone).getTime());
  return { dayOne, dayTwo, liveSlot };
}

/**
 * The summit's program (four streamed halls, 31 talks over two days with speakers, stars,
 * attendance, live Q&A and a poll), shared with guests; the platform's lecture archive (forty
 * videos over every source, category and visibility type); the summit's news. No news feeds: the
 * demo has no network.
 */
export async function seedProgram(tx: Tx, seeded: SeededEvents, now: number): Promise<void> {
  const summit = seeded.eventId.get('lobby-summit');
  const speakerAccount = seeded.userId.get('speaker@lobby.demo');
  const organizer = seeded.userId.get('organizer@lobby.demo');
  const attendee = seeded.userId.get('attendee@lobby.demo');
  if (summit === undefined || speakerAccount === undefined || organizer === undefined || attendee === undefined) return;
  const [event] = await tx.select({ timezone: events.timezone }).from(events).where(eq(events.id, summit));
  if (!event) return;
  const accounts = [...seeded.userId.values()];

  // The summit's people (not the demo accounts): speakers with the Speaker role first, then the rest.
  const people = await tx
    .select({ userId: eventMembers.userId, roleIds: eventMembers.roleIds })
    .from(eventMembers)
    .where(and(eq(eventMembers.eventId, summit), notInArray(eventMembers.userId, accounts)))
    .orderBy(asc(eventMembers.id));
  const isSpeaker = (roles: number[]) => roles.includes(MemberRole.Speaker);
  const pool = [...people.filter((p) => isSpeaker(p.roleIds)), ...people.filter((p) => !isSpeaker(p.roleIds))].slice(0, SPEAKER_POOL).map((p) => p.userId);
  if (pool.length === 0) return;
  const speakerId = (speaker: DemoSpeaker): number => (speaker === 'speaker' ? speakerAccount : speaker === 'organizer' ? organizer : (pool[speaker % pool.length] ?? speakerAccount));

  await tx.insert(programSettings).values({ eventId: summit, shared: true, updatedAt: new Date(now) });

  const hallRows = await tx
    .insert(halls)
    .values(
      demoHalls.map((hall, sort) => {
        const stream = video(hall.stream);
        return { eventId: summit, name: hall.name, sort, streamUrl: hall.stream, streamSource: stream.source, streamVideoId: stream.video_id, createdAt: new Date(now - 14 * DAY) };
      }),
    )
    .returning({ id: halls.id });

  // Day one's free slots on the Main Stage are filled in order around the live talk.
  const { dayOne, dayTwo, liveSlot } = programGrid(now, event.timezone);
  const taken = new Set(demoLectures.filter((l) => l.day === 0 && l.hall === 0 && typeof l.slot === 'number').map((l) => l.slot as number));
  taken.add(liveSlot);
  const free = Array.from({ length: SLOTS }, (_, slot) => slot).filter((slot) => !taken.has(slot));
  const placed = demoLectures.map((lecture) => {
    const slot = lecture.slot === 'live' ? liveSlot : lecture.slot === 'float' ? (free.shift() ?? SLOTS - 1) : lecture.slot;
    const startsAt = (lecture.day === 0 ? dayOne : dayTwo)[slot] ?? dayTwo[0] ?? now;
    return { lecture, startsAt, endsAt: startsAt + lecture.minutes * MINUTE };
  });

  const lectureRows = await tx
    .insert(lectures)
    .values(
      placed.map(({ lecture, startsAt, endsAt }) => {
        const own = lecture.video ? video(lecture.video) : null;
        return {
          eventId: summit,
          hallId: hallRows[lecture.hall]?.id ?? hallRows[0]?.id ?? 0,
          sectionId: lecture.section,
          title: lecture.title,
          description: lecture.description,
          startsAt: new Date(startsAt),
          endsAt: new Date(endsAt),
          categories: lecture.categories,
          language: lecture.language,
          videoUrl: lecture.video ?? null,
          videoSource: own?.source ?? null,
          videoId: own?.video_id ?? null,
          materials: lecture.materials ?? [],
          createdAt: new Date(now - 10 * DAY),
          updatedAt: new Date(now - 10 * DAY),
        };
      }),
    )
    .returning({ id: lectures.id });
  const lectureId = new Map(demoLectures.map((lecture, index) => [lecture.key, lectureRows[index]?.id ?? 0]));

  const speakerRows: (typeof lectureSpeakers.$inferInsert)[] = [];
  demoLectures.forEach((lecture, index) => {
    const id = lectureRows[index]?.id;
    if (id === undefined) return;
    const ids = [...new Set(lecture.speakers.map(speakerId))];
    ids.forEach((userId, position) => speakerRows.push({ lectureId: id, userId, position }));
  });
  await tx.insert(lectureSpeakers).values(speakerRows);
  // Whoever speaks has the Speaker role at the summit.
  const speakers = [...new Set(speakerRows.map((row) => row.userId))];
  await tx
    .update(eventMembers)
    .set({ roleIds: sql`array_append(${eventMembers.roleIds}, ${MemberRole.Speaker})` })
    .where(and(eq(eventMembers.eventId, summit), inArray(eventMembers.userId, speakers), sql`not (${MemberRole.Speaker} = any(${eventMembers.roleIds}))`));

  // Attendance: every talk that has started has an audience.
  const audience = people.map((p) => p.userId);
  const attendance: (typeof lectureAttendance.$inferInsert)[] = [];
  placed.forEach(({ lecture, startsAt }, index) => {
    const id = lectureRows[index]?.id;
    if (id === undefined || startsAt > now) return;
    const size = Math.min(audience.length, 8 + ((index * 11) % 40));
    const offset = (index * 17) % Math.max(1, audience.length - size);
    const joined = new Set(audience.slice(offset, offset + size));
    if (lecture.key === 'keynote' || lecture.key === 'cosy') joined.add(attendee);
    for (const userId of joined) attendance.push({ lectureId: id, userId, joinedAt: new Date(Math.min(now, startsAt + ((userId * 7) % 10) * MINUTE)) });
  });
  for (let start = 0; start < attendance.length; start += 500) await tx.insert(lectureAttendance).values(attendance.slice(start, start + 500));

  const stars: (typeof favorites.$inferInsert)[] = [];
  for (const [email, keys] of Object.entries(demoLectureStars)) {
    const userId = seeded.userId.get(email);
    if (userId === undefined) continue;
    for (const key of keys) {
      const id = lectureId.get(key);
      if (id) stars.push({ userId, eventId: summit, entityType: 'lecture', entityId: id, createdAt: new Date(now - DAY) });
    }
  }
  // A few people of the summit starred the most popular talks too.
  for (const [index, userId] of audience.slice(0, 12).entries()) {
    for (const key of ['cosy', 'investors', 'deals'].slice(0, 1 + (index % 3))) stars.push({ userId, eventId: summit, entityType: 'lecture', entityId: lectureId.get(key) ?? 0, createdAt: new Date(now - 2 * DAY) });
  }
  await tx.insert(favorites).values(stars);

  await seedLiveTalk(tx, lectureId.get('cosy'), audience, speakerAccount, now);
  await seedArchive(tx, seeded, pool, now);

  await tx.insert(newsItems).values(
    demoNews.map((item) => ({ eventId: summit, source: 'organiser' as const, title: item.title, body: item.body, publishedAt: new Date(now + item.hours * HOUR), pinned: item.pinned ?? false, createdAt: new Date(now + Math.min(item.hours, 0) * HOUR - HOUR), updatedAt: new Date(now + Math.min(item.hours, 0) * HOUR - HOUR) })),
  );
}

/** Questions with votes and an open poll with votes on the talk that is live. */
async function seedLiveTalk(tx: Tx, lecture: number | undefined, audience: number[], speaker: number, now: number): Promise<void> {
  if (lecture === undefined || audience.length < 40) return;
  const askers = audience.slice(40);
  const questionRows = await tx
    .insert(lectureQuestions)
    .values(demoQuestions.map((q, index) => ({ lectureId: lecture, userId: askers[index] ?? audience[0] ?? speaker, text: q.text, votes: q.votes, answered: q.answered, createdAt: new Date(now - q.minutesAgo * MINUTE) })))
    .returning({ id: lectureQuestions.id });
  const votes: (typeof lectureQuestionVotes.$inferInsert)[] = [];
  demoQuestions.forEach((q, index) => {
    const id = questionRows[index]?.id;
    if (id === undefined) return;
    for (const userId of audience.slice(index * 3, index * 3 + q.votes)) votes.push({ questionId: id, userId, createdAt: new Date(now - Math.floor(q.minutesAgo / 2) * MINUTE) });
  });
  await tx.insert(lectureQuestionVotes).values(votes);

  const [poll] = await tx.insert(lecturePolls).values({ lectureId: lecture, createdBy: speaker, question: demoPoll.question, isOpen: true, createdAt: new Date(now - 10 * MINUTE) }).returning({ id: lecturePolls.id });
  if (!poll) return;
  const options = await tx
    .insert(lecturePollOptions)
    .values(demoPoll.options.map((option, position) => ({ pollId: poll.id, position, text: option.text })))
    .returning({ id: lecturePollOptions.id });
  const ballots: (typeof lecturePollVotes.$inferInsert)[] = [];
  let next = 0;
  demoPoll.options.forEach((option, index) => {
    const optionId = options[index]?.id;
    if (optionId === undefined) return;
    for (const userId of audience.slice(next, next + option.votes)) ballots.push({ pollId: poll.id, userId, optionId, createdAt: new Date(now - 5 * MINUTE) });
    next += option.votes;
  });
  await tx.insert(lecturePollVotes).values(ballots);
}

/** Forty archive videos filed under the summit (earlier editions), the spring forum and the hub. */
async function seedArchive(tx: Tx, seeded: SeededEvents, summitSpeakers: number[], now: number): Promise<void> {
  const spring = seeded.eventId.get('spring-forum');
  const springPeople =
    spring === undefined
      ? []
      : (await tx.select({ userId: eventMembers.userId }).from(eventMembers).where(and(eq(eventMembers.eventId, spring), notInArray(eventMembers.userId, [...seeded.userId.values()]))).orderBy(asc(eventMembers.id)).limit(20)).map((row) => row.userId);
  const hubSpeakers = ['speaker@lobby.demo', 'organizer@lobby.demo'].flatMap((email) => seeded.userId.get(email) ?? []);
  const rows: (typeof archiveVideos.$inferInsert)[] = [];
  demoArchive().forEach((item, index) => {
    const eventId = seeded.eventId.get(item.event);
    if (eventId === undefined) return;
    const candidates = item.event === 'spring-forum' ? springPeople : item.event === 'hub' ? hubSpeakers : summitSpeakers;
    if (candidates.length === 0) return;
    const first = candidates[(index * 5) % candidates.length] ?? 0;
    const second = candidates[(index * 5 + 3) % candidates.length] ?? 0;
    const stored = video(item.link);
    const date = new Date(now - item.daysAgo * DAY);
    rows.push({
      eventId,
      title: item.title,
      description: item.description,
      date,
      link: item.link,
      videoSource: stored.source,
      videoId: stored.video_id,
      speakerIds: index % 3 === 0 && second !== first ? [first, second] : [first],
      category: item.category,
      tags: item.tags,
      visibilityType: item.visibility,
      duration: item.duration,
      createdAt: date,
      updatedAt: date,
    });
  });
  await tx.insert(archiveVideos).values(rows);
}
