import { describe, expect, it } from 'vitest';
import { segmentOf, segmentText } from './push-segment.ts';

describe('segmentOf', () => {
  it.each([
    ['nothing chosen: everybody', { ticket_type_ids: [], role_ids: [], checked_in: 'all' as const }, {}],
    ['ticket types and roles as numbers', { ticket_type_ids: ['3', '5'], role_ids: ['8'], checked_in: 'all' as const }, { ticket_type_ids: [3, 5], role_ids: [8] }],
    ['a group of one checkbox (its value, not a list)', { ticket_type_ids: '4', role_ids: false, checked_in: 'yes' as const }, { ticket_type_ids: [4], checked_in: true }],
    ['not checked in', { checked_in: 'no' as const }, { checked_in: false }],
  ])('%s', (_name, values, expected) => expect(segmentOf(values)).toEqual(expected));
});

describe('segmentText', () => {
  const t = ((key: string) => key) as unknown as Parameters<typeof segmentText>[0];
  const types = [{ id: 3, name: 'Business' }] as Parameters<typeof segmentText>[2];
  it.each([
    [{}, 'admin_push.everybody'],
    [{ ticket_type_ids: [3, 9] }, 'Business, #9'],
    [{ role_ids: [8], checked_in: true }, 'roles.8 · admin_push.checked_in_yes'],
  ])('%o reads %s', (segment, expected) => expect(segmentText(t, segment, types)).toBe(expected));
});
