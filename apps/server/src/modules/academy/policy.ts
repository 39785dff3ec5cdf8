// The academy (issue 15): who may do what, and the small rules the service applies around the
// contract's pure ones (academy-rules.ts). Pure: the service gathers the facts.
import { sectionAccess, type LessonAccess, type Permission, type TicketKind } from '@lobby/contract';

export interface AcademyReader {
  signedIn: boolean;
  isMember: boolean;
  ticketKind: TicketKind | null;
  permissions: ReadonlySet<Permission>;
}

/** What a call needs: reading the course, the admin pages, editing the course, reviewing homework. */
export type AcademyNeed = 'view' | 'admin' | 'edit' | 'review';

const NEEDED: Record<AcademyNeed, Permission> = {
  view: 'academy.view',
  admin: 'academy.admin.view',
  edit: 'academy.lesson.edit',
  review: 'academy.homework.review',
};

/**
 * ok; sign_in (a guest); not_member (outside the event); locked (a member whose roles do not open
 * the section: the web shows the section as locked); forbidden (a member of the academy without
 * the right to edit or review).
 */
export type AcademyVerdict = 'ok' | 'sign_in' | 'not_member' | 'locked' | 'forbidden';

export function academyVerdict(reader: AcademyReader, need: AcademyNeed): AcademyVerdict {
  if (!reader.signedIn) return 'sign_in';
  if (reader.permissions.has(NEEDED[need])) return 'ok';
  if (need === 'view' || need === 'admin') {
    const section = sectionAccess(need === 'view' ? 'academy' : 'academy_admin', { ...reader, upgradeGrants: null });
    return section === 'not_member' ? 'not_member' : 'locked';
  }
  if (!reader.isMember && !reader.permissions.has('event.manage')) return 'not_member';
  return 'forbidden';
}

/** Teachers, course admins, organisers and staff see every lesson open, inactive ones included. */
export const seesWholeCourse = (permissions: ReadonlySet<Permission>): boolean => permissions.has('academy.admin.view');

/**
 * Students learn: they send homework and rate lessons. The people who run the course do not (their
 * work would fill the review queue, their marks bend the average the course admins read).
 */
export const learns = (permissions: ReadonlySet<Permission>): boolean => permissions.has('academy.view') && !seesWholeCourse(permissions);

/** end_date may not come before start_date; either may be empty. */
export const datesValid = (start: Date | null, end: Date | null): boolean => start === null || end === null || end.getTime() >= start.getTime();

/** The lock as the API shows it: the blocking lesson named by its title. */
export function presentLock(access: LessonAccess | undefined, titleOf: (lessonId: number) => string): { state: 'open' | 'not_yet_open' | 'blocked'; opens_at: string | null; blocked_by: { id: number; short_description: string } | null } {
  if (!access || access.state === 'open') return { state: 'open', opens_at: null, blocked_by: null };
  if (access.state === 'not_yet_open') return { state: 'not_yet_open', opens_at: access.opensAt ? access.opensAt.toISOString() : null, blocked_by: null };
  return { state: 'blocked', opens_at: null, blocked_by: { id: access.blockedBy, short_description: titleOf(access.blockedBy) } };
}

/** Where a student stands (the students filter): every lesson done, some, or none. */
export type StudentState = 'complete' | 'in_progress' | 'not_started';

/** The member setting that asks for a mail on each homework sent to one's lessons (contract.md, Academy details). */
export const wantsHomeworkMail = (settings: Readonly<Record<string, unknown>> | null | undefined): boolean => settings?.enable_homework_teacher_notification === true;

/** Teachers listed once each, in the order given. */
export const uniqueTeachers = (uids: readonly number[]): number[] => [...new Set(uids)];
