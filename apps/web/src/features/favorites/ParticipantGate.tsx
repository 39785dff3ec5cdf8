import type { Event, EventMember } from '@lobby/contract';
import type { ReactNode } from 'react';
import { SectionGate } from '../members/SectionGate.tsx';

/**
 * Favorites, contacts and notes are open to every member of the event (no ticket feature gates
 * them); guests and outsiders see the same sign-in and join screens as gated sections.
 */
export function ParticipantGate({ event, member, children }: { event: Event; member: EventMember | null; children: ReactNode }) {
  if (member) return children;
  // 'program' requires no permission, so the gate only tells guests and outsiders apart.
  return (
    <SectionGate section="program" event={event} member={member}>
      {children}
    </SectionGate>
  );
}
