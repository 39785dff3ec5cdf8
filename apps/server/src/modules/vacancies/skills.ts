// Academy-to-hiring (issue 15, "Beyond the anchors"): a lesson's skills become the student's verified
// skills when a homework of the lesson is approved; vacancies show which of their skills a reader
// has proved. Skills are values of the vacancy.skills dictionary.
import { DICTIONARY_DEFAULTS, ErrorCode, uniqueSkills, type Language, type VerifiedSkill } from '@lobby/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { academyLessons, eventCompanies, eventDictionaries, events, verifiedSkills } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { loadDictionaries } from '../dictionaries/service.ts';

const SKILLS = 'vacancy.skills';

function checkSkills(skills: readonly number[], known: ReadonlySet<number | string>): number[] {
  const wanted = uniqueSkills(skills);
  const unknown = wanted.filter((skill) => !known.has(skill));
  if (unknown.length > 0) {
    const message = 'Choose skills from the list.';
    throw new AppError(422, ErrorCode.vacancyUnknownSkill, message, { fields: [{ field: 'body.skills', message, key: 'invalid', params: {} }], values: unknown });
  }
  return wanted;
}

/** A lesson's skills: values of its event's vacancy.skills list (422 vacancy.unknown_skill otherwise). */
export async function lessonSkills(db: Db, eventId: number, skills: readonly number[]): Promise<number[]> {
  if (skills.length === 0) return [];
  const list = await loadDictionaries(db, eventId);
  return checkSkills(skills, new Set(list.entries(SKILLS).map((entry) => entry.value)));
}

/**
 * A vacancy's skills. A vacancy shows in every event its company takes part in, so a value of the
 * platform list or of any of those events' own lists is taken.
 */
export async function vacancySkills(db: Db, companyId: number, skills: readonly number[]): Promise<number[]> {
  if (skills.length === 0) return [];
  const known = new Set<number | string>(DICTIONARY_DEFAULTS[SKILLS].map((entry) => entry.value));
  const own = await db
    .select({ items: eventDictionaries.items })
    .from(eventDictionaries)
    .innerJoin(eventCompanies, and(eq(eventCompanies.eventId, eventDictionaries.eventId), eq(eventCompanies.companyId, companyId)))
    .where(eq(eventDictionaries.name, SKILLS));
  for (const row of own) for (const item of row.items) known.add(item.value);
  return checkSkills(skills, known);
}

/**
 * Records the lesson's skills as the student's verified skills, proved by this homework. One
 * statement, idempotent: approving again (after a resubmission) keeps the first proof.
 */
export async function proveLessonSkills(db: Db, homework: { id: number; userId: number; lessonId: number; eventId: number }): Promise<void> {
  await db.execute(sql`
    insert into ${verifiedSkills} (user_id, skill, lesson_id, homework_id, event_id)
    select ${homework.userId}, skill, ${academyLessons.id}, ${homework.id}, ${homework.eventId}
    from ${academyLessons} cross join unnest(${academyLessons.skills}) as skill
    where ${academyLessons.id} = ${homework.lessonId}
    on conflict do nothing`);
}

/** The skill values a person has proved, in any academy. */
export async function verifiedSkillValues(db: Db, userId: number): Promise<Set<number>> {
  if (userId <= 0) return new Set();
  const rows = await db.selectDistinct({ skill: verifiedSkills.skill }).from(verifiedSkills).where(eq(verifiedSkills.userId, userId));
  return new Set(rows.map((row) => row.skill));
}

/**
 * A person's verified skills, each with the lesson that proved it first, newest first; labelled in
 * the list of the event whose academy proved it (that is where the value was chosen).
 */
export async function verifiedSkillsOf(db: Db, userId: number, language: Language): Promise<VerifiedSkill[]> {
  const rows = await db
    .select({ skill: verifiedSkills.skill, verifiedAt: verifiedSkills.verifiedAt, lesson: { id: academyLessons.id, title: academyLessons.title }, event: { id: events.id, name: events.name, slug: events.slug } })
    .from(verifiedSkills)
    .innerJoin(academyLessons, eq(academyLessons.id, verifiedSkills.lessonId))
    .innerJoin(events, eq(events.id, verifiedSkills.eventId))
    .where(and(eq(verifiedSkills.userId, userId), eq(events.active, true)))
    .orderBy(asc(verifiedSkills.verifiedAt), asc(verifiedSkills.skill), asc(academyLessons.id));
  const lists = new Map<number, Awaited<ReturnType<typeof loadDictionaries>>>();
  const shown = new Set<number>();
  const skills: VerifiedSkill[] = [];
  for (const row of rows) {
    // A skill proved by several lessons is shown once, with its first proof.
    if (shown.has(row.skill)) continue;
    shown.add(row.skill);
    let list = lists.get(row.event.id);
    if (!list) {
      list = await loadDictionaries(db, row.event.id);
      lists.set(row.event.id, list);
    }
    const entry = list.entries(SKILLS).find((item) => item.value === row.skill);
    if (entry) skills.push({ skill: { id: row.skill, name: entry.labels[language] }, lesson: row.lesson, event: row.event, verified_at: row.verifiedAt.toISOString() });
  }
  // Newest proof first; skills proved at one moment in the list's order of values.
  return skills.sort((x, y) => y.verified_at.localeCompare(x.verified_at) || x.skill.id - y.skill.id);
}
