import { ErrorCode, NOTES_PER_SUBJECT_MAX, type Note, type NoteSubject } from '@lobby/contract';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import { AppError } from '../../http/errors.ts';
import { requireParticipant } from '../favorites/policy.ts';
import { requireSubject } from '../favorites/service.ts';
import { countAbout, deleteOwnNote, insertNote, listOwnNotes, updateOwnNote, type NoteRow } from './repo.ts';

const present = (row: NoteRow): Note => ({
  id: row.id,
  event_id: row.eventId,
  subject_type: row.subjectType,
  subject_id: row.subjectId,
  text: row.text,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const notFound = (id: number) => new AppError(404, ErrorCode.noteNotFound, `Note ${id} was not found.`);

export async function listNotes(db: Db, source: AccessSource, eventId: number, filter: { type?: NoteSubject | undefined; id?: number | undefined }, page: number, perPage: number) {
  const access = await requireParticipant(db, source, eventId);
  const { rows, total } = await listOwnNotes(db, access.userId, eventId, filter, perPage, (page - 1) * perPage);
  return { data: rows.map(present), meta: pageMeta(page, perPage, total) };
}

export async function createNote(db: Db, source: AccessSource, eventId: number, input: { subject_type: NoteSubject; subject_id: number; text: string }): Promise<Note> {
  const access = await requireParticipant(db, source, eventId);
  await requireSubject(db, eventId, input.subject_type, input.subject_id);
  // Checked before the insert: two notes racing past the limit by one is harmless, unlike a lock per write.
  if ((await countAbout(db, access.userId, eventId, input.subject_type, input.subject_id)) >= NOTES_PER_SUBJECT_MAX) {
    throw new AppError(409, ErrorCode.noteLimit, `You can keep at most ${NOTES_PER_SUBJECT_MAX} notes about one member or company.`, { max: NOTES_PER_SUBJECT_MAX });
  }
  return present(await insertNote(db, { authorId: access.userId, eventId, subjectType: input.subject_type, subjectId: input.subject_id, text: input.text }));
}

export async function updateNote(db: Db, source: AccessSource, eventId: number, id: number, text: string): Promise<Note> {
  const access = await requireParticipant(db, source, eventId);
  const row = await updateOwnNote(db, access.userId, eventId, id, text);
  if (!row) throw notFound(id);
  return present(row);
}

export async function deleteNote(db: Db, source: AccessSource, eventId: number, id: number): Promise<void> {
  const access = await requireParticipant(db, source, eventId);
  if (!(await deleteOwnNote(db, access.userId, eventId, id))) throw notFound(id);
}
