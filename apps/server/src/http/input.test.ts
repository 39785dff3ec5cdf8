import { describe, expect, it } from 'vitest';
import { findInputProblem, INPUT_DEPTH_MAX } from './input.ts';

const nested = (depth: number): unknown => {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
};

describe('findInputProblem', () => {
  it('accepts ordinary input', () => {
    expect(findInputProblem({ email: 'a@example.test', items: [{ title: 'x', tags: ['a', 'b'] }], n: 1, ok: true, none: null }, 'body')).toBeUndefined();
    expect(findInputProblem(undefined, 'body')).toBeUndefined();
  });

  it('finds NUL in strings and keys, first in document order', () => {
    expect(findInputProblem({ a: 'ok', b: ['x', 'y\u0000'], c: 'z\u0000' }, 'body')).toEqual({ field: 'body.b.1', kind: 'nul' });
    expect(findInputProblem({ 'k\u0000': 1 }, 'body')).toEqual({ field: 'body.k\u0000', kind: 'nul' });
    expect(findInputProblem('\u0000', 'query')).toEqual({ field: 'query', kind: 'nul' });
  });

  it(`allows ${INPUT_DEPTH_MAX} levels of nesting and stops at the next`, () => {
    expect(findInputProblem(nested(INPUT_DEPTH_MAX), 'body')).toBeUndefined();
    expect(findInputProblem(nested(INPUT_DEPTH_MAX + 1), 'body')).toMatchObject({ kind: 'depth' });
  });

  it('walks nesting far beyond the call stack without recursion', () => {
    expect(findInputProblem(nested(200_000), 'body')).toMatchObject({ kind: 'depth' });
    const wide = Array.from({ length: 100_000 }, () => ({ a: [1, 'b'] }));
    expect(findInputProblem(wide, 'body')).toBeUndefined();
  });
});
