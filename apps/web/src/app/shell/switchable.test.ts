import type { Event } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { switchableEvents } from './switchable.ts';

const event = (id: number) => ({ id, slug: `e${id}` }) as Event;

describe('events offered by the switcher', () => {
  it('lists the person’s events first, then current and upcoming ones, each once, and leaves past ones out', () => {
    const list = switchableEvents({ my: [event(3), event(1)], current: [event(1), event(2)], upcoming: [event(4), event(3)] });
    expect(list.map((e) => e.id)).toEqual([3, 1, 2, 4]);
  });

  it('works for guests, who have no "my" group', () => {
    expect(switchableEvents({ current: [event(2)], upcoming: [] }).map((e) => e.id)).toEqual([2]);
  });
});
