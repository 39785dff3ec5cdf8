import { describe, expect, it } from 'vitest';
import { removalRefusal } from './policy.ts';

describe('removalRefusal', () => {
  it.each([
    ['no people in the event', 0, null],
    ['one person in the event', 1, 'has_members'],
    ['many people in the event', 40, 'has_members'],
  ] as const)('%s', (_name, members, expected) => expect(removalRefusal(members)).toBe(expected));
});
