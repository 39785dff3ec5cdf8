import { describe, expect, it } from 'vitest';
import { canSubmit, categoryPlan, seesEntry, showcaseAccess, windowValid, type ShowcaseReader } from './policy.ts';

const reader = (over: Partial<ShowcaseReader> = {}): ShowcaseReader => ({ signedIn: true, isMember: false, canManage: false, isStaff: false, ...over });

describe('showcaseAccess', () => {
  it.each([
    ['guest', reader({ signedIn: false }), 'unauthorized'],
    ['member (any ticket)', reader({ isMember: true }), 'ok'],
    ['organiser', reader({ canManage: true }), 'ok'],
    ['platform staff', reader({ isStaff: true }), 'ok'],
    ['outsider', reader(), 'forbidden'],
  ] as const)('%s', (_name, who, expected) => expect(showcaseAccess(who)).toBe(expected));
});

describe('seesEntry', () => {
  it.each([
    ['accepted, anyone', 'accepted', false, false, true],
    ['pending, anyone', 'pending', false, false, false],
    ['rejected, anyone', 'rejected', false, false, false],
    ['pending, the game company', 'pending', true, false, true],
    ['rejected, an organiser', 'rejected', false, true, true],
  ] as const)('%s', (_name, status, inGameCompany, canManage, expected) => expect(seesEntry(status, { inGameCompany, canManage })).toBe(expected));
});

describe('canSubmit', () => {
  it.each([
    ['admin of the game company', ['admin'], false, true],
    ['chat only', ['chat'], false, false],
    ['outside the company', null, false, false],
    ['staff', null, true, true],
  ] as const)('%s', (_name, roles, staff, expected) => expect(canSubmit(roles, staff)).toBe(expected));
});

describe('windowValid', () => {
  it.each<[string | null, string | null, boolean]>([
    [null, null, true],
    ['2030-01-01T00:00:00Z', null, true],
    [null, '2030-01-01T00:00:00Z', true],
    ['2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z', true],
    ['2030-01-02T00:00:00Z', '2030-01-01T00:00:00Z', false],
    ['2030-01-01T00:00:00Z', '2030-01-01T00:00:00Z', false],
  ])('%s .. %s', (starts, ends, expected) => expect(windowValid(starts, ends)).toBe(expected));
});

describe('categoryPlan', () => {
  const stored = [
    { id: 1, votes: 0 },
    { id: 2, votes: 5 },
  ];
  it('keeps, adds and drops categories without votes', () => {
    expect(categoryPlan(stored, [{ id: 2 }, {}])).toEqual({ unknown: [], repeated: false, dropped: [1], droppedWithVotes: [] });
  });
  it('refuses to drop a category with votes', () => {
    expect(categoryPlan(stored, [{ id: 1 }]).droppedWithVotes).toEqual([2]);
  });
  it('names ids that are not the showcase', () => {
    expect(categoryPlan(stored, [{ id: 1 }, { id: 2 }, { id: 7 }]).unknown).toEqual([7]);
  });
  it('notices an id given twice', () => {
    expect(categoryPlan(stored, [{ id: 1 }, { id: 1 }, { id: 2 }]).repeated).toBe(true);
  });
});
