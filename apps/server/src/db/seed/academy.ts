// The demo academy (issue 15): the summit's game-design course. Three modules (two open, one
// opening next month), lessons with rich page-editor content, a teacher and a course admin,
// students at different stages, and homework in every state with its lesson-chat history.
import { BlockType, HomeworkStatus, MemberRole, parsePageContent, studentProgress, type CourseLessonInput, type CourseModuleInput } from '@lobby/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  academyHomeworks,
  academyLessonRatings,
  academyLessons,
  academyLessonTeachers,
  academyLessonViews,
  academyModules,
  academyProgress,
  academyPromoMessages,
  academySettings,
  eventMembers,
  events,
  users,
} from '../schema/index.ts';
import { channelWith } from './chat.ts';
import type { SeededEvents } from './people.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let counter = 0;
export const block = (id: number, blockId: string, editorData: Record<string, unknown>) => ({ id, uuid: `00000000-0000-4000-9000-${String(++counter).padStart(12, '0')}`, blockId, hidden: false, editorData });
export const content = (blocks: unknown[]) => {
  const parsed = parsePageContent({ version: 1, blocks });
  if (!parsed.success) throw new Error(`demo lesson content is invalid: ${parsed.error.message}`);
  return parsed.data;
};

interface DemoLesson {
  key: string;
  title: string;
  /** Days from seeding when it opens (negative: already open). */
  opensIn: number;
  homework: string | null;
  blocking?: boolean;
  blocks: () => unknown[];
}

interface DemoModule {
  title: string;
  description: string;
  opensIn: number;
  blockHomework?: boolean;
  lessons: DemoLesson[];
}

export const DEMO_COURSE: DemoModule[] = [
  {
    title: 'Foundations of game design',
    description: 'What makes play **fun**, how a core loop keeps players coming back, and how to test an idea on paper before writing a line of code.',
    opensIn: -21,
    lessons: [
      {
        key: 'fun',
        title: 'What makes a game fun',
        opensIn: -21,
        homework: null,
        blocks: () => [
          block(BlockType.Title, 'title', { text: 'What makes a game fun', size: 'xl2', alignment: 'start' }),
          block(BlockType.Markdown, 'intro', { text: 'Fun is not one thing. Players come for **challenge**, **discovery**, **expression** and **fellowship**, in different measures.\n\nIn this lesson we name the kinds of fun and look at three games that deliver each of them.' }),
          block(BlockType.Video, 'talk', { source: 'youtube', videoId: 'LobbyAcad01', videoUrl: 'https://youtu.be/LobbyAcad01', title: 'The eight kinds of fun, in twelve minutes' }),
          block(BlockType.Accordion, 'kinds', {
            tabs: [
              { label: 'Challenge', text: 'Mastery of a skill against resistance: a hard boss, a tight puzzle.' },
              { label: 'Discovery', text: 'A world that rewards curiosity: hidden rooms, lore, systems to take apart.' },
              { label: 'Fellowship', text: 'Play with and against other people: co-op, guilds, a friendly rivalry.' },
            ],
          }),
        ],
      },
      {
        key: 'loops',
        title: 'Core loops',
        opensIn: -14,
        homework: 'Draw the core loop of a game you love on one page: the action, the reward, and what the reward lets you do next. Attach a photo or a PDF, and say in a comment what would break if one step were removed.',
        blocking: true,
        blocks: () => [
          block(BlockType.Title, 'title', { text: 'Core loops', size: 'xl2' }),
          block(BlockType.Content, 'loop', { title: 'Action, reward, growth', text: 'Every game repeats a small loop: the player **acts**, the game **rewards**, and the reward lets the player **grow** and act again on a bigger scale.', image: '/demo/summit-background.svg', imageWidth: 'w-1/2', alignment: 'start' }),
          block(BlockType.Statistics, 'numbers', { image: '/demo/summit-logo.svg', imageSize: 'w-1/3', cards: [{ title: '30s', subtitle: 'the inner loop of most action games' }, { title: '1d', subtitle: 'a daily loop in a mobile game' }, { title: '3', subtitle: 'nested loops in a strategy game' }] }),
          block(BlockType.Cards, 'examples', {
            columns: { desktop: 3, mobile: 1 },
            cards: [
              { title: 'Roguelikes', text: 'Run, die, unlock, run again.' },
              { title: 'Farming games', text: 'Plant, wait, harvest, expand.' },
              { title: 'Shooters', text: 'Find, fight, loot, upgrade.' },
            ],
          }),
        ],
      },
      {
        key: 'paper',
        title: 'Prototyping on paper',
        opensIn: -10,
        homework: 'Make a paper prototype of your loop and play it with two friends. Write down what they did that you did not expect.',
        blocks: () => [
          block(BlockType.Title, 'title', { text: 'Prototyping on paper', size: 'xl2' }),
          block(BlockType.Markdown, 'why', { text: 'Paper is the fastest engine there is. An afternoon with index cards and a die tells you whether a rule is **interesting** before anybody builds it.' }),
          block(BlockType.Tabs, 'steps', {
            tabs: [
              { label: 'Cut', text: 'Write each rule on a card. Keep only the ones the loop needs.' },
              { label: 'Play', text: 'Play three rounds yourself, then with two people who have never seen it.' },
              { label: 'Change', text: 'Change one rule at a time and play again.' },
            ],
          }),
        ],
      },
    ],
  },
  {
    title: 'Production and pitching',
    description: 'From a prototype to a plan: scope a first game a small team can finish, and pitch it to a publisher.',
    opensIn: -7,
    blockHomework: false,
    lessons: [
      {
        key: 'scope',
        title: 'Scoping your first game',
        opensIn: -7,
        homework: 'Write a one-page scope for your game: features in, features out, and a six-month plan. The teachers review it before the pitching lesson opens.',
        blocking: true,
        blocks: () => [
          block(BlockType.Title, 'title', { text: 'Scoping your first game', size: 'xl2' }),
          block(BlockType.TextColumns, 'inout', { columns: { desktop: 2, mobile: 1 }, texts: [{ text: '**In:** the core loop, one polished level, the tutorial.' }, { text: '**Out:** multiplayer, a level editor, ten languages at launch.' }] }),
          block(BlockType.Markdown, 'rule', { text: 'A rule of thumb: a first game should take **half** the time you think, so plan for the half and expect the whole.' }),
        ],
      },
      {
        key: 'pitch',
        title: 'Pitching to publishers',
        opensIn: -3,
        homework: null,
        blocks: () => [
          block(BlockType.Cover, 'cover', { title: 'Pitching to publishers', subtitle: 'Ten slides, five minutes, one clear ask.', alignment: 'left' }),
          block(BlockType.Reviews, 'voices', {
            reviews: [
              { name: 'Sofia Marques', company: 'Sunburst Publishing', text: 'Show me the game in the first thirty seconds. Then tell me what you need.' },
              { name: 'Amara Okafor', company: 'Tidal Capital', text: 'A small team that finished something beats a big plan every time.' },
            ],
          }),
        ],
      },
    ],
  },
  {
    title: 'Going to market',
    description: 'Store pages, trailers and a launch plan. Opens after the summit.',
    opensIn: 30,
    lessons: [
      {
        key: 'store',
        title: 'Store pages that sell',
        opensIn: 30,
        homework: 'Draft the store page of your game: capsule image, short description and five screenshots.',
        blocks: () => [block(BlockType.Title, 'title', { text: 'Store pages that sell', size: 'xl2' }), block(BlockType.Markdown, 'intro', { text: 'The capsule image and the first line do most of the selling.' })],
      },
    ],
  },
];

/** The demo teacher and course admin of the summit's academy. */
export const DEMO_TEACHER = 'teacher@lobby.demo';

/** Where each demo student is: homework by lesson key (status, comment, review), lessons opened, ratings. */
interface Stage {
  homework: Record<string, { status: HomeworkStatus; comment: string; review?: string; attempts?: number }>;
  viewed: string[];
  ratings: Record<string, number>;
}

const STUDENT_STAGE: Stage = {
  homework: {
    loops: { status: HomeworkStatus.Approved, comment: 'My loop of Stardew Valley: plant, harvest, sell, buy better seeds.', review: 'Clear and complete. The growth step is exactly right.' },
    paper: { status: HomeworkStatus.Declined, comment: 'I played it alone three times.', review: 'Please play it with two other people: the point is what they do that you do not expect.' },
    scope: { status: HomeworkStatus.Created, comment: 'My scope: one island, the fishing loop, no multiplayer. Six months with two people.' },
  },
  viewed: ['fun', 'loops', 'paper', 'scope'],
  ratings: { fun: 5, loops: 4 },
};

/** Generated students: from just started to finished the open part. */
const OTHER_STAGES: Stage[] = [
  { homework: {}, viewed: ['fun'], ratings: { fun: 4 } },
  { homework: { loops: { status: HomeworkStatus.Created, comment: 'The loop of a roguelike I play every evening.' } }, viewed: ['fun', 'loops'], ratings: {} },
  { homework: { loops: { status: HomeworkStatus.Declined, comment: 'Photo attached.', review: 'The reward step is missing: what does the player get?' } }, viewed: ['fun', 'loops'], ratings: { loops: 3 } },
  {
    homework: { loops: { status: HomeworkStatus.Approved, comment: 'Loop of Hades.', review: 'Great.' }, paper: { status: HomeworkStatus.Approved, comment: 'Played with my flatmates.', review: 'Good notes.' }, scope: { status: HomeworkStatus.Approved, comment: 'Scope attached.', review: 'Realistic plan.', attempts: 2 } },
    viewed: ['fun', 'loops', 'paper', 'scope', 'pitch'],
    ratings: { fun: 5, loops: 5, paper: 4, scope: 5, pitch: 4 },
  },
  { homework: { loops: { status: HomeworkStatus.Approved, comment: 'A farming loop.', review: 'Nice.' }, paper: { status: HomeworkStatus.Created, comment: 'Two friends played it.' } }, viewed: ['fun', 'loops', 'paper'], ratings: { paper: 5 } },
  { homework: {}, viewed: [], ratings: {} },
];

/** Seeds the summit's course; students are the demo student and a few of the generated people. */
export async function seedAcademy(tx: Tx, seeded: SeededEvents, now: number): Promise<void> {
  const eventId = seeded.eventId.get('lobby-summit');
  if (eventId === undefined) return;
  const [event] = await tx.select({ timezone: events.timezone }).from(events).where(eq(events.id, eventId)).limit(1);
  await tx.insert(academySettings).values({
    eventId,
    timezone: event?.timezone ?? 'UTC',
    certificateText: 'This certifies that the holder completed the Lobby Summit game design course: foundations, production and pitching.',
  });

  const [teacher] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_TEACHER)).limit(1);
  const [student] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'student@lobby.demo')).limit(1);
  if (!teacher || !student) return;

  const moduleInputs: CourseModuleInput[] = [];
  const lessonInputs: CourseLessonInput[] = [];
  const lessonId = new Map<string, number>();
  for (const [moduleSort, demo] of DEMO_COURSE.entries()) {
    const [module] = await tx
      .insert(academyModules)
      .values({ eventId, title: demo.title, fullDescription: demo.description, startDate: new Date(now + demo.opensIn * DAY), blockHomework: demo.blockHomework ?? false, sort: moduleSort })
      .returning();
    if (!module) continue;
    moduleInputs.push({ id: module.id, sort: module.sort, active: module.active, isOpen: module.isOpen, startDate: module.startDate, blockHomework: module.blockHomework });
    for (const [sort, lesson] of demo.lessons.entries()) {
      const startDate = new Date(now + lesson.opensIn * DAY);
      const [row] = await tx
        .insert(academyLessons)
        .values({
          eventId,
          moduleId: module.id,
          title: lesson.title,
          startDate,
          endDate: new Date(startDate.getTime() + 2 * HOUR),
          hasHomework: lesson.homework !== null,
          blockedHomework: lesson.blocking ?? false,
          homeworkDescription: lesson.homework,
          content: content(lesson.blocks()),
          sort,
        })
        .returning();
      if (!row) continue;
      lessonId.set(lesson.key, row.id);
      lessonInputs.push({ id: row.id, moduleId: module.id, sort, isActive: true, isOpen: false, startDate, hasHomework: row.hasHomework, blockedHomework: row.blockedHomework });
      await tx.insert(academyLessonTeachers).values({ lessonId: row.id, userId: teacher.id });
    }
  }

  // A few of the summit's generated people study too.
  const others = await tx
    .select({ id: eventMembers.id, userId: eventMembers.userId, roleIds: eventMembers.roleIds })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.isOrganizer, false)))
    .orderBy(eventMembers.id)
    .limit(60);
  const demoUserIds = new Set([teacher.id, student.id]);
  const pool = others.filter((m) => !demoUserIds.has(m.userId) && !m.roleIds.includes(MemberRole.CourseStudent)).slice(-OTHER_STAGES.length);
  for (const member of pool) await tx.update(eventMembers).set({ roleIds: [...member.roleIds, MemberRole.CourseStudent] }).where(eq(eventMembers.id, member.id));

  const stages: [number, Stage][] = [[student.id, STUDENT_STAGE], ...pool.map((m, i): [number, Stage] => [m.userId, OTHER_STAGES[i] ?? { homework: {}, viewed: [], ratings: {} }])];
  for (const [index, [userId, stage]] of stages.entries()) {
    const approved = new Set<number>();
    const viewed = new Set<number>();
    for (const key of stage.viewed) {
      const id = lessonId.get(key);
      if (id === undefined) continue;
      viewed.add(id);
      await tx.insert(academyLessonViews).values({ lessonId: id, userId, firstSeenAt: new Date(now - (20 - index) * DAY) });
    }
    for (const [key, work] of Object.entries(stage.homework)) {
      const id = lessonId.get(key);
      if (id === undefined) continue;
      const sentAt = new Date(now - (3 + index) * DAY);
      const reviewedAt = work.status === HomeworkStatus.Created ? null : new Date(sentAt.getTime() + 6 * HOUR);
      if (work.status === HomeworkStatus.Approved) approved.add(id);
      await tx.insert(academyHomeworks).values({
        eventId,
        lessonId: id,
        userId,
        status: work.status,
        comment: work.comment,
        attempts: work.attempts ?? 1,
        reviewComment: work.review ?? null,
        reviewerId: reviewedAt ? teacher.id : null,
        reviewedAt,
        createdAt: sentAt,
        updatedAt: reviewedAt ?? sentAt,
      });
      // The lesson chat: the homework message, then the teacher's verdict.
      const minutesAgo = (at: Date) => Math.round((now - at.getTime()) / 60_000);
      const lines: { by: number; text: string; ago: number; type: 'homework' | 'homework_approved' | 'homework_declined' }[] = [{ by: 0, text: work.comment, ago: minutesAgo(sentAt), type: 'homework' }];
      if (reviewedAt) lines.push({ by: 1, text: work.review ?? '', ago: minutesAgo(reviewedAt), type: work.status === HomeworkStatus.Approved ? 'homework_approved' : 'homework_declined' });
      await channelWith(tx, now, { eventId, access: 'private', entityType: 'lesson', entityId: id, ownerId: userId, createdBy: userId }, [userId, teacher.id], lines, new Map([[userId, lines.length]]));
    }
    for (const [key, rating] of Object.entries(stage.ratings)) {
      const id = lessonId.get(key);
      if (id !== undefined) await tx.insert(academyLessonRatings).values({ lessonId: id, userId, rating });
    }
    const progress = studentProgress(moduleInputs, lessonInputs, approved, viewed);
    await tx.insert(academyProgress).values({
      eventId,
      userId,
      educationProgress: progress.educationProgress,
      lessonsTotal: progress.lessonsTotal,
      importantEducationProgress: progress.importantEducationProgress,
      importantTotal: progress.importantTotal,
      completedAt: progress.complete ? new Date(now) : null,
      refreshedAt: new Date(now),
    });
  }
  // The teacher is told of new homework.
  await tx
    .update(eventMembers)
    .set({ settings: { enable_homework_teacher_notification: true } })
    .where(and(eq(eventMembers.eventId, eventId), inArray(eventMembers.userId, [teacher.id])));
  await seedPromo(tx, now, eventId, teacher.id, student.id);
}

/** Two of the course admin's promo messages in the academy's promo channel; the demo student read the first. */
async function seedPromo(tx: Tx, now: number, eventId: number, adminId: number, studentId: number): Promise<void> {
  const news = [
    { text: 'Welcome to the academy! Each lesson has a chat with the teachers: ask there whenever you are stuck.', ago: 4 * 24 * 60, emailed: true },
    { text: 'Office hours this Thursday at 18:00 in the summit chat: bring your game scope and your pitch drafts.', ago: 26 * 60, emailed: false },
  ];
  const channel = await channelWith(
    tx,
    now,
    { eventId, access: 'public', entityType: 'promo_company', entityId: null, createdBy: adminId },
    [adminId],
    news.map((item) => ({ by: 0, text: item.text, ago: item.ago })),
    new Map([[studentId, 1]]),
  );
  const students = await tx.select({ userId: eventMembers.userId }).from(eventMembers).where(and(eq(eventMembers.eventId, eventId), sql`${MemberRole.CourseStudent} = any(${eventMembers.roleIds})`));
  for (const [index, item] of news.entries()) {
    await tx.insert(academyPromoMessages).values({ eventId, senderId: adminId, text: item.text, messageId: channel.messageIds[index] ?? null, emailed: item.emailed, recipients: item.emailed ? students.length : 0, createdAt: new Date(now - item.ago * 60_000) });
  }
}
