import type { Permission } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { attachmentHeader, downloadName, hallAccess, isFullOrder, isPressKitLink, pavilionAccess, pickContacts, strangers, summaryOf, type ExpoReader } from './policy.ts';

const reader = (over: Partial<ExpoReader> = {}): ExpoReader => ({ signedIn: true, isMember: false, ticketKind: null, permissions: new Set<Permission>(), ...over });
const manage = new Set<Permission>(['event.manage']);

describe('hallAccess (expo hall, stars, deal suggestions)', () => {
  it.each([
    ['guest', reader({ signedIn: false }), 'sign_in'],
    ['member on a general ticket', reader({ isMember: true, ticketKind: 'general' }), 'ok'],
    ['member on a standard ticket', reader({ isMember: true, ticketKind: 'standard' }), 'ok'],
    ['organiser (event.manage)', reader({ permissions: manage }), 'ok'],
    ['outsider', reader(), 'not_member'],
  ] as const)('%s', (_name, who, expected) => expect(hallAccess(who)).toBe(expected));
});

describe('pavilionAccess (publishers and media sections)', () => {
  it.each([
    ['guest', 'publishers', reader({ signedIn: false }), 'sign_in'],
    ['member on a general ticket', 'publishers', reader({ isMember: true, ticketKind: 'general' }), 'unavailable'],
    ['member on a general ticket, media', 'media', reader({ isMember: true, ticketKind: 'general' }), 'unavailable'],
    ['member on a business ticket', 'media', reader({ isMember: true, ticketKind: 'business' }), 'ok'],
    ['member without a ticket (a role)', 'publishers', reader({ isMember: true }), 'ok'],
    ['organiser', 'media', reader({ permissions: manage }), 'ok'],
    ['outsider', 'publishers', reader(), 'not_member'],
  ] as const)('%s', (_name, section, who, expected) => expect(pavilionAccess(section, who)).toBe(expected));
});

describe('isPressKitLink', () => {
  it.each([
    ['https', 'https://example.com/kit.zip', true],
    ['http', 'http://example.com/kit.zip', false],
    ['ftp', 'ftp://example.com/kit.zip', false],
    ['javascript', 'javascript:alert(1)', false],
    ['credentials', 'https://user:pw@example.com/', false],
    ['empty (ZWebsite gives null)', null, false],
    ['a space inside', 'https://example.com/a b', false],
  ] as const)('%s', (_name, url, expected) => expect(isPressKitLink(url)).toBe(expected));
});

describe('isFullOrder', () => {
  it.each([
    ['every id once', [3, 1, 2], [1, 2, 3], true],
    ['a missing id', [1, 2], [1, 2, 3], false],
    ['a repeated id', [1, 1, 2], [1, 2, 3], false],
    ['a foreign id', [1, 2, 9], [1, 2, 3], false],
    ['both empty', [], [], true],
  ] as const)('%s', (_name, ids, existing, expected) => expect(isFullOrder(ids, existing)).toBe(expected));
});

describe('strangers (media partners must be companies of the event)', () => {
  it.each([
    ['all known', [1, 2], [1, 2, 3], []],
    ['one unknown, repeated', [1, 9, 9], [1, 2], [9]],
    ['nothing chosen', [], [1], []],
  ] as const)('%s', (_name, ids, known, expected) => expect(strangers(ids, known)).toEqual(expected));
});

describe('summaryOf', () => {
  it.each([
    ['nothing', null, ''],
    ['the first paragraph as text', 'We **publish** [games](https://x.com).\n\nSecond part.', 'We publish games.'],
    ['a heading is skipped', '# Studio\n\nMakers of *things*.', 'Makers of things.'],
    ['html is dropped', '<b>Bold</b> move', 'Bold move'],
    ['a list item', '- one\n- two', 'one two'],
  ] as const)('%s', (_name, markdown, expected) => expect(summaryOf(markdown)).toBe(expected));

  it('cuts at 300 characters', () => {
    const text = summaryOf('word '.repeat(200));
    expect(text.length).toBeLessThanOrEqual(300);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('downloads', () => {
  it.each([
    ['a plain name', 'kit.pdf', 'kit.pdf'],
    ['folders are dropped', '../../etc/passwd', 'passwd'],
    ['quotes and control characters', 'a"b\u0000c.pdf', 'abc.pdf'],
    ['nothing', null, 'press-kit'],
  ] as const)('downloadName: %s', (_name, name, expected) => expect(downloadName(name, 'press-kit')).toBe(expected));

  it('attachmentHeader gives an ASCII name and the UTF-8 one', () => {
    expect(attachmentHeader('Пресс-кит.pdf')).toBe(`attachment; filename="_____-___.pdf"; filename*=UTF-8''${encodeURIComponent('Пресс-кит.pdf')}`);
    expect(attachmentHeader('kit;x%.pdf')).toBe(`attachment; filename="kit_x_.pdf"; filename*=UTF-8''kit%3Bx%25.pdf`);
  });
});

describe('pickContacts', () => {
  const person = (userId: number, lastName: string, isAdmin: boolean) => ({ userId, lastName, firstName: 'A', isAdmin });
  it('admins first, then by name, at most three', () => {
    const picked = pickContacts([person(1, 'Zed', false), person(2, 'Young', true), person(3, 'Abel', false), person(4, 'Xu', true), person(5, 'Bo', false)]);
    expect(picked.map((p) => p.userId)).toEqual([4, 2, 3]);
  });
});
