import type { Event } from '@lobby/contract';

/** The events to switch to: the person's own first, then the current and upcoming ones, each once. */
export function switchableEvents(groups: { my?: Event[]; current: Event[]; upcoming: Event[] }): Event[] {
  const seen = new Set<number>();
  return [...(groups.my ?? []), ...groups.current, ...groups.upcoming].filter((event) => {
    if (seen.has(event.id)) return false;
    seen.add(event.id);
    return true;
  });
}
