import { describe, expect, it } from 'vitest';
import { criteriaPlan, finalistsOf, loweredBelowScores, scoredEvery, scoreProblems, seesComments } from './policy.ts';

describe('criteriaPlan', () => {
  const stored = [
    { id: 1, scores: 0 },
    { id: 2, scores: 4 },
  ];
  it.each([
    ['keeps one, adds one, drops the unscored', [{ id: 2 }, {}], { unknown: [], repeated: false, dropped: [1], droppedWithScores: [] }],
    ['refuses to drop a scored criterion', [{ id: 1 }], { unknown: [], repeated: false, dropped: [2], droppedWithScores: [2] }],
    ['names ids of another showcase', [{ id: 1 }, { id: 2 }, { id: 9 }], { unknown: [9], repeated: false, dropped: [], droppedWithScores: [] }],
    ['notices an id given twice', [{ id: 1 }, { id: 1 }, { id: 2 }], { unknown: [], repeated: true, dropped: [], droppedWithScores: [] }],
    ['an empty list drops them all', [], { unknown: [], repeated: false, dropped: [1, 2], droppedWithScores: [2] }],
  ] as const)('%s', (_name, incoming, expected) => expect(criteriaPlan(stored, incoming)).toEqual(expected));
});

describe('scoreProblems', () => {
  const criteria = [
    { id: 10, maxScore: 10 },
    { id: 11, maxScore: 5 },
  ];
  it.each([
    ['within the maximum', [{ criterion_id: 10, score: 10 }, { criterion_id: 11, score: 1 }], []],
    ['above the maximum', [{ criterion_id: 11, score: 6 }], ['body.scores.0.score']],
    ['a criterion of another round', [{ criterion_id: 12, score: 1 }], ['body.scores.0.criterion_id']],
    ['a criterion given twice', [{ criterion_id: 10, score: 1 }, { criterion_id: 10, score: 2 }], ['body.scores.1.criterion_id']],
  ] as const)('%s', (_name, scores, fields) => expect(scoreProblems(criteria, scores).map((p) => p.field)).toEqual(fields));

  it('says the maximum', () => expect(scoreProblems(criteria, [{ criterion_id: 11, score: 7 }])[0]).toMatchObject({ key: 'max_value', params: { max: 5 } }));
});

describe('finalistsOf', () => {
  const row = (id: number) => ({ request: { id } });
  it('takes the top entries once, in category order then rank, with every category', () => {
    const top = [
      { category: { id: 1, name: 'Game' }, entries: [{ rank: 1, votes: 9, row: row(7) }, { rank: 2, votes: 5, row: row(8) }] },
      { category: { id: 2, name: 'Art' }, entries: [{ rank: 1, votes: 4, row: row(9) }, { rank: 2, votes: 3, row: row(7) }] },
      { category: { id: 3, name: 'Empty' }, entries: [] },
    ];
    const finalists = finalistsOf(top);
    expect(finalists.map((f) => f.requestId)).toEqual([7, 8, 9]);
    expect(finalists[0]?.categories).toEqual([
      { id: 1, name: 'Game', rank: 1, votes: 9 },
      { id: 2, name: 'Art', rank: 2, votes: 3 },
    ]);
  });
  it('has none without a top', () => expect(finalistsOf([])).toEqual([]));
});

describe('scoredEvery', () => {
  it.each([
    [[1, 2], [2, 1], true],
    [[1, 2], [1], false],
    [[1, 2], [1, 3], false],
    [[], [], false],
  ] as const)('%j scored %j: %s', (criteria, scored, expected) => expect(scoredEvery(criteria, scored)).toBe(expected));
});

describe('seesComments', () => {
  it.each([
    [true, true],
    [false, false],
  ])('organiser %s: %s', (isOrganizer, expected) => expect(seesComments({ isOrganizer })).toBe(expected));
});

describe('loweredBelowScores', () => {
  const stored = [
    { id: 1, top: 8 },
    { id: 2, top: 0 },
  ];
  it.each([
    ['kept maximum', [{ id: 1, max_score: 10 }], []],
    ['lowered to the top score', [{ id: 1, max_score: 8 }], []],
    ['lowered below the top score', [{ id: 1, max_score: 7 }], [1]],
    ['unscored criterion lowered', [{ id: 2, max_score: 2 }], []],
    ['new criterion', [{ max_score: 2 }], []],
  ] as const)('%s', (_name, incoming, expected) => expect(loweredBelowScores(stored, incoming)).toEqual(expected));
});
