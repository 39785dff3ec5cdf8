import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZEventInputFields } from './admin.ts';
import { ZTimestamp } from './common.ts';
import { ZEventId } from './members.ts';
import { describeIssue, englishFormMessage, wholeNumberHints } from './validation.ts';

describe('timestamps the API takes', () => {
  it.each([
    ['2026-11-22T09:00:00.000Z', true],
    ['2026-11-22T09:00:00+03:00', true],
    ['1900-01-01T00:00:00Z', true],
    ['2200-12-31T23:59:59Z', true],
    ['2028-02-29T00:00:00Z', true],
    // Years outside the window: PostgreSQL has no year 0, and nothing Lobby plans lies there.
    ['0000-01-01T00:00:00Z', false],
    ['1899-12-31T23:59:59Z', false],
    ['2201-01-01T00:00:00Z', false],
    // In range locally, but 2201 in UTC.
    ['2200-12-31T23:00:00-05:00', false],
    ['9999-12-31T00:00:00Z', false],
    // Not a calendar date.
    ['2026-02-30T00:00:00Z', false],
    ['2027-02-29T00:00:00Z', false],
    ['2026-13-01T00:00:00Z', false],
    ['2026-11-22T24:00:00Z', false],
    ['2026-11-22', false],
    ['yesterday', false],
  ])('%s -> %s', (value, valid) => {
    expect(ZTimestamp.safeParse(value).success).toBe(valid);
  });

  it('explains a date outside the window with the years, and a bad one as a date', () => {
    const far = ZTimestamp.safeParse('0000-01-01T00:00:00Z').error?.issues[0];
    expect(far && describeIssue(far)).toEqual({ key: 'date_range', params: { min: 1900, max: 2200 } });
    expect(englishFormMessage({ key: 'date_range', params: { min: 1900, max: 2200 } })).toBe('Enter a date between the years 1900 and 2200.');
    const bad = ZTimestamp.safeParse('2026-02-30T00:00:00Z').error?.issues;
    expect(bad?.map((issue) => describeIssue(issue).key)).toEqual(['date']);
  });

  it('applies to the event dates', () => {
    const shape = ZEventInputFields.shape;
    for (const field of [shape.date_from, shape.date_to, shape.hub_date_from, shape.hub_date_to]) expect(field.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
  });
});

describe('messages for numbers', () => {
  const issuesOf = (schema: z.ZodType, value: unknown) => {
    const hints = wholeNumberHints();
    const result = schema.safeParse(value, { error: hints.error });
    return (result.error?.issues ?? []).map((issue) => describeIssue(issue, { given: true, whole: hints.wholeFor(issue) }));
  };

  it('says a path id like "abc" must be a whole number, not that it is required', () => {
    expect(issuesOf(z.object({ eventId: ZEventId }), { eventId: 'abc' })).toEqual([{ key: 'whole_number', params: {} }]);
    expect(issuesOf(ZEventId, '1.5')).toEqual([{ key: 'whole_number', params: {} }]);
    expect(issuesOf(ZEventId, '1e400')).toEqual([{ key: 'whole_number', params: {} }]);
    expect(englishFormMessage({ key: 'whole_number', params: {} })).toBe('Must be a whole number.');
  });

  it('says a number that may have a fraction must be a number', () => {
    expect(issuesOf(z.object({ lat: z.number() }), { lat: 'north' })).toEqual([{ key: 'number', params: {} }]);
  });

  it('names bounds of numbers as values, not characters', () => {
    expect(issuesOf(ZEventId, '0')).toEqual([{ key: 'min_value', params: { min: 1 } }]);
    expect(issuesOf(ZEventId, '9999999999')).toEqual([{ key: 'max_value', params: { max: 2_147_483_647 } }]);
    expect(englishFormMessage({ key: 'min_value', params: { min: 1 } })).toBe('Must be at least 1.');
  });

  it('still says required when nothing was given, and "not valid" for another wrong type', () => {
    const missing = z.object({ name: z.string() }).safeParse({}).error?.issues[0];
    expect(missing && describeIssue(missing, { given: false })).toEqual({ key: 'required', params: {} });
    expect(missing && describeIssue(missing)).toEqual({ key: 'required', params: {} });
    const wrong = z.object({ flag: z.boolean() }).safeParse({ flag: 'yes' }).error?.issues[0];
    expect(wrong && describeIssue(wrong, { given: true })).toEqual({ key: 'invalid', params: {} });
  });

  it('reads a coercion to NaN as a value that was given when no hint says otherwise', () => {
    const issue = ZEventId.safeParse('abc').error?.issues[0];
    expect(issue && describeIssue(issue).key).toBe('number');
  });
});
