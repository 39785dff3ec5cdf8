import { HomeworkStatus, lessonLocks, MemberRole, parsePageContent } from '@lobby/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyHomeworks, academyLessons, academyModules, academyProgress, academyPromoMessages, academySettings, chatChannels, chatMessages, eventMembers, events, users } from '../src/db/schema/index.ts';
import { bearer, signInWithPassword } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp({ LOBBY_DEMO: '1' });
  const [summit] = await t.database.db.select({ id: events.id }).from(events).where(eq(events.slug, 'lobby-summit'));
  eventId = summit?.id ?? 0;
});
afterAll(() => t.close());

const userId = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;

describe('demo academy', () => {
  it('gives the summit a course: open modules, one opening later, lessons whose content the renderer accepts', async () => {
    const db = t.database.db;
    const modules = await db.select().from(academyModules).where(eq(academyModules.eventId, eventId)).orderBy(academyModules.sort);
    expect(modules.map((m) => m.title)).toEqual(['Foundations of game design', 'Production and pitching', 'Going to market']);
    const lessons = await db.select().from(academyLessons).where(eq(academyLessons.eventId, eventId));
    expect(lessons.length).toBeGreaterThanOrEqual(6);
    for (const lesson of lessons) expect(parsePageContent(lesson.content).success, lesson.title).toBe(true);
    expect(lessons.some((l) => l.hasHomework && l.blockedHomework)).toBe(true);
    expect(lessons.some((l) => l.hasHomework && !l.blockedHomework)).toBe(true);
    expect(lessons.some((l) => !l.hasHomework)).toBe(true);
    const [settings] = await db.select().from(academySettings).where(eq(academySettings.eventId, eventId));
    expect(settings?.certificateText).not.toBe('');
  });

  it('has students at different stages with homework in every state, each with its lesson chat', async () => {
    const db = t.database.db;
    const students = await db.select().from(eventMembers).where(and(eq(eventMembers.eventId, eventId), sql`${MemberRole.CourseStudent} = any(${eventMembers.roleIds})`));
    expect(students.length).toBeGreaterThanOrEqual(5);
    const homework = await db.select().from(academyHomeworks).where(eq(academyHomeworks.eventId, eventId));
    expect(new Set(homework.map((h) => h.status))).toEqual(new Set([HomeworkStatus.Created, HomeworkStatus.Approved, HomeworkStatus.Declined]));
    const progress = await db.select().from(academyProgress).where(eq(academyProgress.eventId, eventId));
    expect(new Set(progress.map((p) => p.educationProgress)).size).toBeGreaterThanOrEqual(4);
    const chats = await db.select().from(chatChannels).where(and(eq(chatChannels.eventId, eventId), eq(chatChannels.entityType, 'lesson')));
    expect(chats).toHaveLength(homework.length);
    const verdicts = await db.select({ type: chatMessages.customType }).from(chatMessages).innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId)).where(eq(chatChannels.entityType, 'lesson'));
    expect(new Set(verdicts.map((v) => v.type))).toEqual(new Set(['homework', 'homework_approved', 'homework_declined']));
  });

  it("has the course admin's promo messages in the academy's promo channel, which the demo student reads as news", async () => {
    const db = t.database.db;
    const promos = await db.select().from(academyPromoMessages).where(eq(academyPromoMessages.eventId, eventId));
    expect(promos.length).toBeGreaterThanOrEqual(2);
    const [channel] = await db.select().from(chatChannels).where(and(eq(chatChannels.eventId, eventId), eq(chatChannels.entityType, 'promo_company'), sql`${chatChannels.entityId} is null`));
    expect(channel?.lastSeq).toBe(promos.length);
    const session = await signInWithPassword(t.app, 'student@lobby.demo', 'Student-2026');
    const news = await t.app.inject({ method: 'GET', url: `/api/v1/${eventId}/academy/news`, headers: bearer(session) });
    expect(news.statusCode, news.body).toBe(200);
    expect(news.json<{ data: { text: string }[] }>().data[0]?.text).toContain('Office hours');
  });

  it("gives the demo student the Spring Games Forum's finished course and its certificate, checked by its code", async () => {
    const db = t.database.db;
    const student = await userId('student@lobby.demo');
    const [spring] = await db.select({ id: events.id }).from(events).where(eq(events.slug, 'spring-forum'));
    const session = await signInWithPassword(t.app, 'student@lobby.demo', 'Student-2026');
    const program = await t.app.inject({ method: 'GET', url: `/api/v1/${spring?.id}/academy/program`, headers: bearer(session) });
    expect(program.statusCode, program.body).toBe(200);
    expect(program.json<{ data: { progress: { complete: boolean } } }>().data.progress.complete).toBe(true);
    const mine = await t.app.inject({ method: 'GET', url: `/api/v1/${spring?.id}/academy/certificate`, headers: bearer(session) });
    const certificate = mine.json<{ data: { code: string; student_name: string } }>().data;
    expect(certificate.student_name).toBe('Ivan Petrov');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/certificates/${certificate.code}` })).statusCode).toBe(200);
    expect(student).toBeGreaterThan(0);
  });

  it("leaves the demo student's pitching lesson blocked by the scope homework awaiting review", async () => {
    const db = t.database.db;
    const student = await userId('student@lobby.demo');
    const modules = await db.select().from(academyModules).where(eq(academyModules.eventId, eventId));
    const lessons = await db.select().from(academyLessons).where(eq(academyLessons.eventId, eventId));
    const approved = new Set(
      (await db.select().from(academyHomeworks).where(and(eq(academyHomeworks.userId, student), eq(academyHomeworks.status, HomeworkStatus.Approved)))).map((h) => h.lessonId),
    );
    const locks = lessonLocks(modules, lessons, approved, new Date());
    const byTitle = (title: string) => locks.get(lessons.find((l) => l.title === title)?.id ?? 0);
    expect(byTitle('Core loops')).toEqual({ state: 'open' });
    expect(byTitle('Scoping your first game')).toEqual({ state: 'open' });
    expect(byTitle('Pitching to publishers')).toEqual({ state: 'blocked', blockedBy: lessons.find((l) => l.title === 'Scoping your first game')?.id });
    expect(byTitle('Store pages that sell')?.state).toBe('not_yet_open');
  });
});
