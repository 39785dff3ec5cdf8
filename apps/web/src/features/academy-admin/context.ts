// What every academy admin page knows: the event, the person's rights and where the pages live.
import { createContext, useContext } from 'react';
import { eventPath } from '../events/context.ts';

export interface AcademyAdminContext {
  eventId: number;
  slug: string;
  /** The event's WN Meet room (event config), for the stream records. */
  roomId: string | null;
  /** academy.lesson.edit: course admins and organisers change modules, lessons and settings. */
  editor: boolean;
  /** academy.homework.review: teachers and course admins approve and decline homework. */
  reviewer: boolean;
  /** event.manage: the organisers, who also edit the lecture archive in the back office. */
  organiser: boolean;
}

export const AdminContext = createContext<AcademyAdminContext | null>(null);

export function useAcademyAdmin(): AcademyAdminContext & { path: (sub?: string) => string } {
  const context = useContext(AdminContext);
  if (!context) throw new Error('useAcademyAdmin outside the academy admin');
  return { ...context, path: (sub = '') => eventPath(context.slug, sub ? `academy-admin/${sub}` : 'academy-admin') };
}
