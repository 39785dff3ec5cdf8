import type { Event } from '@lobby/contract';

export type EventFormat = 'online' | 'onsite' | 'hybrid';

export function eventFormat(event: Pick<Event, 'is_online' | 'is_onsite'>): EventFormat {
  if (event.is_online && event.is_onsite) return 'hybrid';
  return event.is_onsite ? 'onsite' : 'online';
}
