import { GAME_SCREENSHOTS_MAX } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { canDeleteGame, canEditGame, isFullOrder, pickCompany, replacesOld, screenshotFits, trailerEmbedUrl, type Membership } from './policy.ts';

describe('canEditGame', () => {
  it.each([
    ['admin of the game company', ['chat', 'admin'], false, true],
    ['chat only in the game company', ['chat'], false, false],
    ['outside the game company', null, false, false],
    ['platform staff', null, true, true],
  ] as const)('%s', (_name, roles, staff, expected) => expect(canEditGame(roles, staff)).toBe(expected));
});

it('deletion is platform staff alone', () => {
  expect(canDeleteGame({ isStaff: true })).toBe(true);
  expect(canDeleteGame({ isStaff: false })).toBe(false);
});

describe('pickCompany', () => {
  const admin = (companyId: number): Membership => ({ companyId, roles: ['chat', 'admin'] });
  const chat = (companyId: number): Membership => ({ companyId, roles: ['chat'] });
  const who = (over: Partial<{ isStaff: boolean; primaryCompanyId: number | null; askedExists: boolean }> = {}) => ({ isStaff: false, primaryCompanyId: null, askedExists: false, ...over });
  it.each<[string, Membership[], number | undefined, ReturnType<typeof who>, ReturnType<typeof pickCompany>]>([
    ['no company', [], undefined, who(), 'no_company'],
    ['not an admin', [chat(1)], undefined, who(), 'forbidden'],
    ['the one company they admin', [chat(1), admin(2)], undefined, who(), { companyId: 2 }],
    ['the primary company among several', [admin(1), admin(3)], undefined, who({ primaryCompanyId: 3 }), { companyId: 3 }],
    ['the first when the primary is not administered', [admin(4), admin(2), chat(1)], undefined, who({ primaryCompanyId: 1 }), { companyId: 2 }],
    ['an asked company they admin', [admin(1), admin(2)], 2, who(), { companyId: 2 }],
    ['an asked company they only chat in', [admin(1), chat(2)], 2, who(), 'forbidden'],
    ['an asked company of someone else', [admin(1)], 9, who(), 'forbidden'],
    ['an asked company without any of their own', [], 9, who(), 'forbidden'],
    ['staff naming an existing company', [], 9, who({ isStaff: true, askedExists: true }), { companyId: 9 }],
    ['staff naming a missing company', [], 9, who({ isStaff: true }), 'no_company'],
    ['staff naming none, without a company', [], undefined, who({ isStaff: true }), 'no_company'],
  ])('%s', (_name, memberships, asked, facts, expected) => expect(pickCompany(memberships, asked, facts)).toEqual(expected));
});

describe('pictures', () => {
  it('icon and cover replace, screenshots add', () => {
    expect(replacesOld('icon')).toBe(true);
    expect(replacesOld('cover')).toBe(true);
    expect(replacesOld('screenshot')).toBe(false);
  });
  it.each([
    [0, true],
    [GAME_SCREENSHOTS_MAX - 1, true],
    [GAME_SCREENSHOTS_MAX, false],
  ])('%i screenshots: one more fits %s', (n, expected) => expect(screenshotFits(n)).toBe(expected));
  it.each<[string, number[], number[], boolean]>([
    ['the same set in another order', [3, 1, 2], [1, 2, 3], true],
    ['none of none', [], [], true],
    ['one left out', [1, 2], [1, 2, 3], false],
    ['one twice', [1, 1, 2], [1, 2, 3], false],
    ['a picture of another game', [1, 2, 9], [1, 2, 3], false],
    ['one more than there are', [1, 2, 3, 4], [1, 2, 3], false],
  ])('sort: %s', (_name, ids, existing, expected) => expect(isFullOrder(ids, existing)).toBe(expected));
});

describe('trailerEmbedUrl', () => {
  it.each<[string | null, string | null]>([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ?t=10', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/1', null],
    ['javascript:alert(1)', null],
    [null, null],
  ])('%s', (url, expected) => expect(trailerEmbedUrl(url)).toBe(expected));
});
