// Shared set-up of the academy suites: an event with a course admin, a teacher, students, an
// attendee and outsiders, another event with a course of its own (IDOR attempts), and calls.
import { BlockType, MemberRole, type AcademyModule, type Homework, type Lesson } from '@lobby/contract';
import { expect } from 'vitest';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import type { TestApp } from './harness.ts';
import { multipartBody } from './support/multipart.ts';

export interface Person {
  id: number;
  email: string;
  headers: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A small but well-formed PDF (homework attachments). */
export const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

let uuids = 0;
/** Page-editor content of one Markdown block. */
export const lessonContent = (text = 'Read this first.') => ({ version: 1, blocks: [{ id: BlockType.Markdown, uuid: `6f1c7a3e-8b2d-4c9a-9e1f-${String(++uuids).padStart(12, '0')}`, blockId: `b${uuids}`, hidden: false, editorData: { text } }] });

export const past = (hours = 24) => new Date(Date.now() - hours * 3_600_000).toISOString();
export const future = (hours = 24) => new Date(Date.now() + hours * 3_600_000).toISOString();

export function academyApi(t: TestApp) {
  const call = (method: Method, url: string, who: Person | Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers: 'headers' in who ? (who.headers as Record<string, string>) : who, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
  const ok = async <T>(method: Method, url: string, who: Person, payload?: unknown, status = 200): Promise<T> => {
    const res = await call(method, url, who, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<{ data: T }>().data;
  };
  /** "status code" of an answer, such as "403 academy.lesson_locked" (or "200"). */
  const codeOf = async (method: Method, url: string, who: Person | Record<string, string>, payload?: unknown) => {
    const res = await call(method, url, who, payload);
    const code = res.statusCode >= 400 ? res.json<{ error?: { code: string } }>().error?.code : undefined;
    return `${res.statusCode}${code ? ` ${code}` : ''}`;
  };
  return { call, ok, codeOf };
}

/** An event with a course and its people; `course` builds modules and lessons through the admin calls. */
export async function academyWorld(t: TestApp) {
  const { db } = t.database;
  const api = academyApi(t);
  const event = await createEvent(db, { timezone: 'Europe/Moscow' });
  const other = await createEvent(db);
  const ticket = await createTicketType(db, event.id, { name: 'Student pass' });

  const person = async (options: { event?: number | null; roleIds?: number[]; organiser?: boolean; staff?: boolean; ticket?: boolean } = {}): Promise<Person> => {
    const user = await createUser(db, options.staff ? { isStaff: true } : {});
    const eventId = options.event === undefined ? event.id : options.event;
    if (eventId !== null) await addMembership(db, eventId, user.id, { roleIds: options.roleIds ?? [1], isOrganizer: options.organiser ?? false, ticketTypeId: options.ticket && eventId === event.id ? ticket.id : null });
    return { id: user.id, email: user.email, headers: await authHeader(db, t.config.secret, user.id) };
  };
  const people = {
    admin: await person({ roleIds: [MemberRole.CourseAdmin] }),
    teacher: await person({ roleIds: [MemberRole.CourseTeacher] }),
    student: await person({ roleIds: [MemberRole.CourseStudent], ticket: true }),
    student2: await person({ roleIds: [MemberRole.CourseStudent] }),
    attendee: await person(),
    organiser: await person({ organiser: true }),
    staff: await person({ event: null, staff: true }),
    outsider: await person({ event: null }),
    otherAdmin: await person({ event: other.id, roleIds: [MemberRole.CourseAdmin] }),
    otherStudent: await person({ event: other.id, roleIds: [MemberRole.CourseStudent] }),
  };

  const base = (eventId = event.id) => `/api/v1/${eventId}/academy`;
  const module = (values: Record<string, unknown> = {}, eventId = event.id, who = eventId === event.id ? people.admin : people.otherAdmin) =>
    api.ok<AcademyModule>('POST', `${base(eventId)}/admin/modules`, who, { short_description: 'Module', is_open: true, ...values }, 201);
  const lesson = (moduleId: number, values: Record<string, unknown> = {}, eventId = event.id, who = eventId === event.id ? people.admin : people.otherAdmin) =>
    api.ok<Lesson>('POST', `${base(eventId)}/admin/lessons`, who, { module_id: moduleId, short_description: 'Lesson', is_open: true, content: lessonContent(), ...values }, 201);

  /** A chat upload of the person (homework files are such keys). */
  const upload = async (who: Person, filename = 'work.pdf'): Promise<string> => {
    const body = multipartBody({}, { name: 'file', filename, type: 'application/pdf', data: pdf });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/chat/files/upload', headers: { ...who.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { key: string } }>().data.key;
  };
  const submit = (who: Person, lessonId: number, payload: Record<string, unknown> = { comment: 'My work' }, eventId = event.id) =>
    api.call('POST', `${base(eventId)}/lessons/${lessonId}/homework`, who, payload);
  const review = (who: Person, homeworkId: number, verdict: 'approve' | 'decline', comment?: string, eventId = event.id) =>
    api.call('POST', `${base(eventId)}/admin/homeworks/${homeworkId}/${verdict}`, who, verdict === 'decline' ? { comment: comment ?? 'Try again' } : comment === undefined ? {} : { comment });
  const submitted = async (who: Person, lessonId: number, payload?: Record<string, unknown>) => {
    const res = await submit(who, lessonId, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: Homework }>().data;
  };

  return { event, other, ticket, people, person, base, module, lesson, upload, submit, submitted, review, ...api };
}

export type AcademyWorld = Awaited<ReturnType<typeof academyWorld>>;

/** Runs the job queue's due work (mailings, refreshes) until nothing is left, as a server's runner would. */
export async function drainJobs(t: TestApp): Promise<void> {
  for (let turn = 0; turn < 50 && (await t.app.deps.jobs.runOnce()) > 0; turn += 1);
}
