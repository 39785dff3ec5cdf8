import { pollAnswersVisible } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { answerValue, gameInEvent, isGameCompanyAdmin, pollViewer, questionFits, type PollReader } from './policy.ts';

const reader = (over: Partial<PollReader> = {}): PollReader => ({ isStaff: false, isOrganizer: false, isModerator: false, isJury: false, companyRoles: null, ...over });

describe('who sees the answers of a jury-only question', () => {
  it.each([
    ['plain attendee', reader(), false],
    ['jury member', reader({ isJury: true }), true],
    ['company staff (chat role)', reader({ companyRoles: ['chat'] }), true],
    ['company admin', reader({ companyRoles: ['admin'] }), true],
    ['event moderator (role 2)', reader({ isModerator: true }), true],
    ['organiser', reader({ isOrganizer: true }), true],
    ['platform staff', reader({ isStaff: true }), true],
  ] as const)('%s', (_name, who, expected) => {
    expect(pollAnswersVisible(true, pollViewer(who))).toBe(expected);
    expect(pollAnswersVisible(false, pollViewer(who))).toBe(true);
  });
});

describe('isGameCompanyAdmin', () => {
  it.each([
    ['admin', reader({ companyRoles: ['admin'] }), true],
    ['chat only', reader({ companyRoles: ['chat'] }), false],
    ['outside', reader(), false],
    ['staff', reader({ isStaff: true }), true],
  ] as const)('%s', (_name, who, expected) => expect(isGameCompanyAdmin(who)).toBe(expected));
});

describe('gameInEvent', () => {
  it.each([
    [true, false, true],
    [false, true, true],
    [false, false, false],
  ])('company takes part %s, accepted entry %s: %s', (companyTakesPart, acceptedEntry, expected) => expect(gameInEvent({ companyTakesPart, acceptedEntry })).toBe(expected));
});

describe('questionFits', () => {
  it.each([
    [0, true],
    [9, true],
    [10, false],
  ])('%i questions: %s', (count, expected) => expect(questionFits(count)).toBe(expected));
});

describe('answerValue', () => {
  const choice = { kind: 'choice' as const, options: ['Yes', 'No', 'Maybe'] };
  const text = { kind: 'text' as const, options: [] };
  it.each([
    ['a choice within the options', choice, { choice: 2 }, { choice: 2, text: null }],
    ['a choice keeps no text', choice, { choice: 0, text: 'hi' }, { choice: 0, text: null }],
    ['a choice past the options', choice, { choice: 3 }, 'body.choice'],
    ['a choice question without a choice', choice, { text: 'hi' }, 'body.choice'],
    ['a text', text, { text: 'Fun' }, { choice: null, text: 'Fun' }],
    ['a text question keeps no choice', text, { text: 'Fun', choice: 1 }, { choice: null, text: 'Fun' }],
    ['a text question without a text', text, { choice: 1 }, 'body.text'],
    ['an empty text', text, { text: '' }, 'body.text'],
  ] as const)('%s', (_name, question, body, expected) => {
    const value = answerValue(question, body);
    if (typeof expected === 'string') expect(value).toMatchObject({ field: expected });
    else expect(value).toEqual(expected);
  });
});
