import { NOTES_PER_SUBJECT_MAX, type Note } from '@lobby/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes } from '../src/db/schema/index.ts';
import { authHeader, createEvent, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { addEventCompany, person } from './people-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: Record<string, unknown>) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('private notes', () => {
  it('creates, lists by subject, edits and deletes a note about a member and a company', async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const me = await person(t, event.id);
    const subject = await person(t, event.id);
    const company = await addEventCompany(db, event.id);

    const created = await call('POST', `/api/v1/${event.id}/notes`, me.headers, { subject_type: 'member', subject_id: subject.memberId, text: '  Met at the booth  ' });
    expect(created.statusCode).toBe(201);
    const note = created.json<{ data: Note }>().data;
    expect(note).toMatchObject({ event_id: event.id, subject_type: 'member', subject_id: subject.memberId, text: 'Met at the booth' });
    expect((await call('POST', `/api/v1/${event.id}/notes`, me.headers, { subject_type: 'company', subject_id: company.id, text: 'Publisher' })).statusCode).toBe(201);

    const all = (await call('GET', `/api/v1/${event.id}/notes`, me.headers)).json<{ data: Note[]; meta: { total: number } }>();
    expect(all.meta.total).toBe(2);
    expect(all.data[0]?.subject_type).toBe('company');
    const about = (await call('GET', `/api/v1/${event.id}/notes?filter[subject_type]=member&filter[subject_id]=${subject.memberId}`, me.headers)).json<{ data: Note[] }>();
    expect(about.data.map((n) => n.id)).toEqual([note.id]);

    const edited = await call('PUT', `/api/v1/${event.id}/notes/${note.id}`, me.headers, { text: 'Follow up on Monday' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ data: Note }>().data.text).toBe('Follow up on Monday');
    expect((await call('DELETE', `/api/v1/${event.id}/notes/${note.id}`, me.headers)).json()).toEqual({ data: { deleted: true } });
    expect((await call('DELETE', `/api/v1/${event.id}/notes/${note.id}`, me.headers)).statusCode).toBe(404);
  });

  it("keeps notes private: another person's note and another event's note are not found (IDOR)", async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const second = await createEvent(db);
    const alice = await person(t, event.id);
    const bob = await person(t, event.id);
    const subject = await person(t, event.id);
    const mine = (await call('POST', `/api/v1/${event.id}/notes`, alice.headers, { subject_type: 'member', subject_id: subject.memberId, text: 'Private' })).json<{ data: Note }>().data;

    // Bob, in the same event, cannot read, edit or delete Alice's note.
    expect((await call('GET', `/api/v1/${event.id}/notes`, bob.headers)).json().meta.total).toBe(0);
    const edit = await call('PUT', `/api/v1/${event.id}/notes/${mine.id}`, bob.headers, { text: 'Mine now' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error.code).toBe('note.not_found');
    expect((await call('DELETE', `/api/v1/${event.id}/notes/${mine.id}`, bob.headers)).statusCode).toBe(404);

    // Alice, a member of a second event too, cannot reach the note through that event.
    const aliceThere = await (async () => {
      const { addMembership } = await import('./factories.ts');
      await addMembership(db, second.id, alice.userId);
      return alice.headers;
    })();
    expect((await call('PUT', `/api/v1/${second.id}/notes/${mine.id}`, aliceThere, { text: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/${second.id}/notes/${mine.id}`, aliceThere)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/${second.id}/notes`, aliceThere)).json().meta.total).toBe(0);

    const [row] = (await db.select().from(notes)).filter((n) => n.id === mine.id);
    expect(row?.text).toBe('Private');
  });

  it('accepts only members and companies of this event as subjects', async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const elsewhere = await createEvent(db);
    const me = await person(t, event.id);
    const stranger = await person(t, elsewhere.id);
    const foreign = await addEventCompany(db, elsewhere.id);
    for (const body of [
      { subject_type: 'member', subject_id: stranger.memberId },
      { subject_type: 'company', subject_id: foreign.id },
      { subject_type: 'company', subject_id: 2147483647 },
    ]) {
      expect((await call('POST', `/api/v1/${event.id}/notes`, me.headers, { ...body, text: 'x' })).statusCode, JSON.stringify(body)).toBe(404);
    }
  });

  it(`refuses note number ${NOTES_PER_SUBJECT_MAX + 1} about one subject with 409`, async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const me = await person(t, event.id);
    const subject = await person(t, event.id);
    await db.insert(notes).values(Array.from({ length: NOTES_PER_SUBJECT_MAX }, (_, i) => ({ authorId: me.userId, eventId: event.id, subjectType: 'member' as const, subjectId: subject.memberId, text: `n${i}` })));
    const res = await call('POST', `/api/v1/${event.id}/notes`, me.headers, { subject_type: 'member', subject_id: subject.memberId, text: 'one more' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('note.limit');
  });

  it('answers 400 for bad input, 401 for guests and 404 for outsiders, never 500', async () => {
    const { db } = t.database;
    const event = await createEvent(db);
    const me = await person(t, event.id);
    const subject = await person(t, event.id);
    const url = `/api/v1/${event.id}/notes`;
    for (const body of [
      { subject_type: 'lecture', subject_id: 1, text: 'x' },
      { subject_type: 'member', subject_id: 'abc', text: 'x' },
      { subject_type: 'member', subject_id: subject.memberId, text: '   ' },
      { subject_type: 'member', subject_id: subject.memberId, text: 'x'.repeat(2001) },
      { subject_type: 'member', subject_id: subject.memberId },
    ]) {
      expect((await call('POST', url, me.headers, body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await call('PUT', `${url}/abc`, me.headers, { text: 'x' })).statusCode).toBe(400);
    expect((await call('GET', `${url}?filter[subject_type]=game`, me.headers)).statusCode).toBe(400);
    expect((await call('POST', url, {}, { subject_type: 'member', subject_id: subject.memberId, text: 'x' })).statusCode).toBe(401);
    const outsider = await createUser(db);
    expect((await call('GET', url, await authHeader(db, t.config.secret, outsider.id))).statusCode).toBe(404);
  });
});
