import { describe, expect, it } from 'vitest';
import { applyFilters, dayGrid, defaultDay, filtersOf, groupByDay, groupByHall, liveOrNext, materialHref, minutesInto, NO_FILTERS, nowIndex, nowPosition, searchOf, SLOT_MINUTES, type Timed } from './schedule.ts';

let nextId = 1;
const lecture = (starts_at: string, ends_at: string, extra: Partial<Timed> = {}): Timed => ({
  id: nextId++,
  hall_id: 1,
  section_id: null,
  starts_at,
  ends_at,
  categories: [],
  language: 'en',
  is_favorite: false,
  ...extra,
});

describe('days in the reader’s timezone', () => {
  it('puts a lecture on the day it starts where the reader is, days in order and lectures by start', () => {
    const late = lecture('2026-11-24T23:30:00Z', '2026-11-25T00:15:00Z');
    const morning = lecture('2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z');
    const early = lecture('2026-11-24T08:00:00Z', '2026-11-24T08:30:00Z');
    expect(groupByDay([late, morning, early], 'UTC').map((d) => [d.day, d.lectures.map((l) => l.id)])).toEqual([['2026-11-24', [early.id, morning.id, late.id]]]);
    // In Tokyo (UTC+9) 23:30 UTC is 08:30 the next morning.
    expect(groupByDay([late, morning, early], 'Asia/Tokyo').map((d) => [d.day, d.lectures.map((l) => l.id)])).toEqual([
      ['2026-11-24', [early.id, morning.id]],
      ['2026-11-25', [late.id]],
    ]);
    // In New York (UTC-5) 08:00 UTC is 03:00 the same day.
    expect(groupByDay([late, early], 'America/New_York').map((d) => d.day)).toEqual(['2026-11-24']);
  });

  it('groups by hall in the halls’ order, keeping a hall without lectures', () => {
    const a = lecture('2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z', { hall_id: 2 });
    const b = lecture('2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z', { hall_id: 9 });
    const halls = groupByHall([a, b], [3, 2]);
    expect([...halls.entries()].map(([id, list]) => [id, list.map((l) => l.id)])).toEqual([
      [3, []],
      [2, [a.id]],
    ]);
  });

  it('opens on today, else the next day with lectures, else the first', () => {
    const days = ['2026-11-24', '2026-11-25'];
    expect(defaultDay(days, Date.parse('2026-11-25T12:00:00Z'), 'UTC')).toBe('2026-11-25');
    expect(defaultDay(days, Date.parse('2026-11-20T12:00:00Z'), 'UTC')).toBe('2026-11-24');
    expect(defaultDay(days, Date.parse('2026-12-20T12:00:00Z'), 'UTC')).toBe('2026-11-24');
    expect(defaultDay([], Date.parse('2026-12-20T12:00:00Z'), 'UTC')).toBeNull();
  });
});

describe('the time x hall grid', () => {
  it('starts at the whole hour before the first lecture and places each by its start and length', () => {
    const first = lecture('2026-11-24T09:10:00Z', '2026-11-24T09:40:00Z');
    const second = lecture('2026-11-24T10:00:00Z', '2026-11-24T11:30:00Z');
    const grid = dayGrid([first, second], '2026-11-24', 'Europe/Berlin');
    // Berlin is UTC+1 in November: 10:10 to 12:30 local.
    expect(grid.from).toBe(10 * 60);
    expect(grid.to).toBe(13 * 60);
    expect(grid.rows).toBe((3 * 60) / SLOT_MINUTES);
    expect(grid.hours.map((h) => h.row)).toEqual([1, 13, 25]);
    expect(grid.placements.map((p) => [p.row, p.span])).toEqual([
      [3, 6],
      [13, 18],
    ]);
  });

  it('gives a very short lecture one row', () => {
    const grid = dayGrid([lecture('2026-11-24T09:00:00Z', '2026-11-24T09:01:00Z')], '2026-11-24', 'UTC');
    expect(grid.placements[0]?.span).toBe(1);
  });

  it('counts minutes over a daylight-saving change from the local midnight', () => {
    // Berlin moves its clocks back at 03:00 on 25 October 2026: 10:00 local is 11 hours after midnight.
    expect(minutesInto('2026-10-25T09:00:00Z', '2026-10-25', 'Europe/Berlin')).toBe(11 * 60);
  });

  it('marks now inside the day’s hours only', () => {
    const grid = dayGrid([lecture('2026-11-24T09:00:00Z', '2026-11-24T11:00:00Z')], '2026-11-24', 'UTC');
    expect(nowPosition(grid, Date.parse('2026-11-24T10:00:00Z'), '2026-11-24', 'UTC')).toBe(0.5);
    expect(nowPosition(grid, Date.parse('2026-11-24T09:00:00Z'), '2026-11-24', 'UTC')).toBe(0);
    expect(nowPosition(grid, Date.parse('2026-11-24T11:00:00Z'), '2026-11-24', 'UTC')).toBeNull();
    expect(nowPosition(grid, Date.parse('2026-11-25T10:00:00Z'), '2026-11-24', 'UTC')).toBeNull();
    expect(nowPosition(grid, Date.parse('2026-11-24T08:59:00Z'), '2026-11-24', 'UTC')).toBeNull();
  });
});

describe('the list’s now line', () => {
  it('sits before the first lecture to start after now, only while the day is under way', () => {
    const list = [lecture('2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z'), lecture('2026-11-24T10:00:00Z', '2026-11-24T12:00:00Z'), lecture('2026-11-24T11:00:00Z', '2026-11-24T11:30:00Z')];
    expect(nowIndex(list, Date.parse('2026-11-24T09:30:00Z'))).toBe(1);
    expect(nowIndex(list, Date.parse('2026-11-24T11:45:00Z'))).toBe(3);
    expect(nowIndex(list, Date.parse('2026-11-24T08:00:00Z'))).toBeNull();
    expect(nowIndex(list, Date.parse('2026-11-24T12:00:00Z'))).toBeNull();
    expect(nowIndex([], Date.parse('2026-11-24T12:00:00Z'))).toBeNull();
  });
});

describe('a hall’s lecture', () => {
  const past = lecture('2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z', { hall_id: 4 });
  const live = lecture('2026-11-24T10:00:00Z', '2026-11-24T11:00:00Z', { hall_id: 4 });
  const next = lecture('2026-11-24T12:00:00Z', '2026-11-24T13:00:00Z', { hall_id: 4 });
  const elsewhere = lecture('2026-11-24T10:30:00Z', '2026-11-24T11:00:00Z', { hall_id: 5 });
  const all = [next, elsewhere, live, past];

  it('is the live one, else the next, else the last that ended', () => {
    expect(liveOrNext(all, 4, Date.parse('2026-11-24T10:30:00Z'))?.id).toBe(live.id);
    expect(liveOrNext(all, 4, Date.parse('2026-11-24T11:30:00Z'))?.id).toBe(next.id);
    expect(liveOrNext(all, 4, Date.parse('2026-11-24T08:00:00Z'))?.id).toBe(past.id);
    expect(liveOrNext(all, 4, Date.parse('2026-11-24T14:00:00Z'))?.id).toBe(next.id);
    expect(liveOrNext(all, 6, Date.parse('2026-11-24T10:30:00Z'))).toBeNull();
  });
});

describe('filters in the address', () => {
  it('read back what they wrote, keeping other parameters', () => {
    const filters = { day: '2026-11-24', sections: [1, 3], categories: [16], languages: ['en', 'pt-BR'], favorites: true };
    const search = searchOf(filters, new URLSearchParams('chat=open'));
    expect(search.get('chat')).toBe('open');
    expect(filtersOf(search)).toEqual(filters);
    expect(searchOf(NO_FILTERS).toString()).toBe('');
  });

  it('leave out malformed values instead of failing', () => {
    expect(filtersOf(new URLSearchParams('day=tomorrow&section=1,x,-2,1&category=0,17,5&language=EN,en,en;drop&favorites=yes'))).toEqual({
      day: null,
      sections: [1],
      categories: [5],
      languages: ['en'],
      favorites: false,
    });
  });

  it('keep lectures matching every filter (any of the values within one)', () => {
    const a = lecture('2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z', { section_id: 1, categories: [2, 3], language: 'en', is_favorite: true });
    const b = lecture('2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z', { section_id: 2, categories: [3], language: 'ru' });
    const c = lecture('2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z', { section_id: null, categories: [], language: 'en' });
    const ids = (f: Partial<typeof NO_FILTERS>) => applyFilters([a, b, c], { ...NO_FILTERS, ...f }).map((l) => l.id);
    expect(ids({})).toEqual([a.id, b.id, c.id]);
    expect(ids({ sections: [1, 2] })).toEqual([a.id, b.id]);
    expect(ids({ categories: [3] })).toEqual([a.id, b.id]);
    expect(ids({ categories: [2], languages: ['ru'] })).toEqual([]);
    expect(ids({ languages: ['en'] })).toEqual([a.id, c.id]);
    expect(ids({ favorites: true })).toEqual([a.id]);
  });
});

describe('material links', () => {
  it('are https or a path on this site', () => {
    expect(materialHref('https://example.com/slides.pdf')).toBe('https://example.com/slides.pdf');
    expect(materialHref('/files/slides.pdf')).toBe('/files/slides.pdf');
    for (const bad of ['javascript:alert(1)', 'http://example.com/x', '//evil.example/x', '/\\evil.example', 'data:text/html,hi', 'https://user:pw@example.com/', 'slides.pdf']) {
      expect({ bad, href: materialHref(bad) }).toEqual({ bad, href: null });
    }
  });
});
