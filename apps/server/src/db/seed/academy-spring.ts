// The Spring Games Forum's short course, finished: the demo student did both lessons and holds its
// certificate, so a newcomer sees one (the course program's card, the public verification page, the
// PDF). The forum is over; its course stays readable.
import { BlockType } from '@lobby/contract';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { academyCertificates, academyLessons, academyLessonViews, academyModules, academyProgress, academySettings, events, users } from '../schema/index.ts';
import { block, content } from './academy.ts';
import type { SeededEvents } from './people.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const DAY = 24 * 3_600_000;
const TEXT = 'This certifies that the holder completed the Spring Games Forum bootcamp: a pitch deck and a vertical slice plan, reviewed by the forum’s mentors.';

export async function seedSpringCourse(tx: Tx, seeded: SeededEvents, now: number): Promise<void> {
  const eventId = seeded.eventId.get('spring-forum');
  const [student] = await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.email, 'student@lobby.demo')).limit(1);
  const [event] = eventId === undefined ? [] : await tx.select({ name: events.name, timezone: events.timezone }).from(events).where(eq(events.id, eventId)).limit(1);
  if (eventId === undefined || !student || !event) return;
  await tx.insert(academySettings).values({ eventId, timezone: event.timezone, certificateText: TEXT });
  const [module] = await tx
    .insert(academyModules)
    .values({ eventId, title: 'Spring bootcamp', fullDescription: 'Two evenings with the forum’s mentors: your pitch, and the slice of the game you build first.', startDate: new Date(now - 62 * DAY), isOpen: true, sort: 0 })
    .returning();
  if (!module) return;
  const lessons = [
    { title: 'A pitch in ten slides', text: 'The ten slides publishers expect, in order: the hook, the player, the loop, the market, the team, the money.' },
    { title: 'Plan your vertical slice', text: 'One level, finished to the quality of the final game: what goes in, what waits, and how long it takes.' },
  ];
  for (const [sort, lesson] of lessons.entries()) {
    const [row] = await tx
      .insert(academyLessons)
      .values({
        eventId,
        moduleId: module.id,
        title: lesson.title,
        startDate: new Date(now - (61 - sort) * DAY),
        isOpen: true,
        content: content([block(BlockType.Title, 'title', { text: lesson.title, size: 'xl2', alignment: 'start' }), block(BlockType.Markdown, 'text', { text: lesson.text })]),
        sort,
      })
      .returning();
    if (row) await tx.insert(academyLessonViews).values({ lessonId: row.id, userId: student.id, firstSeenAt: new Date(now - (60 - sort) * DAY) });
  }
  const finished = new Date(now - 59 * DAY);
  await tx.insert(academyProgress).values({ eventId, userId: student.id, educationProgress: 2, lessonsTotal: 2, importantEducationProgress: 0, importantTotal: 0, completedAt: finished, refreshedAt: new Date(now) });
  await tx.insert(academyCertificates).values({ eventId, userId: student.id, code: randomBytes(18).toString('base64url'), studentName: `${student.firstName} ${student.lastName}`.trim(), course: event.name, text: TEXT, issuedAt: finished, mailedAt: finished });
}
