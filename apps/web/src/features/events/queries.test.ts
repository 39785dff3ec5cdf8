// @vitest-environment jsdom
import type { Event, EventGroups } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { firstCard, sectionsOf } from './queries.ts';

const event = (id: number, group: Event['group']): Event => ({ id, group }) as Event;

describe('the events list order', () => {
  it('shows guests what happens now, then what comes, then the past', () => {
    const groups: EventGroups = { current: [event(1, 'current')], upcoming: [event(2, 'upcoming')], past: [event(3, 'past')] };
    expect(sectionsOf(groups).map(([key, events]) => [key, events.map((e) => e.id)])).toEqual([
      ['current', [1]],
      ['upcoming', [2]],
      ['past', [3]],
    ]);
    expect(firstCard(groups)?.id).toBe(1);
  });

  it("shows a signed-in person their own events first, then the others open now or later, and the first card follows that order", () => {
    const groups: EventGroups = { current: [event(1, 'current')], upcoming: [event(2, 'upcoming')], past: [event(3, 'past')], my: [event(3, 'past'), event(2, 'upcoming')] };
    expect(sectionsOf(groups).map(([key, events]) => [key, events.map((e) => e.id)])).toEqual([
      ['my', [2]],
      ['available', [1]],
      ['past', [3]],
    ]);
    expect(firstCard(groups)?.id).toBe(2);
    expect(firstCard({ current: [], upcoming: [], past: [event(3, 'past')] })?.id).toBe(3);
    expect(firstCard({ current: [], upcoming: [], past: [] })).toBeUndefined();
  });
});
