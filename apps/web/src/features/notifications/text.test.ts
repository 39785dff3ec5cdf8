import type { Notification } from '@lobby/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { notificationText } from './text.ts';

const t = ((key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values?.event)}`) as unknown as TFunction;
const custom = (data: Notification['data']): Notification => ({ id: 1, type: 'custom_push', event_id: 1, meeting_id: null, sender: null, data, read_at: null, created_at: '2026-01-01T00:00:00.000Z' });

describe('notificationText of a custom push', () => {
  it.each([
    ['title and text', { title: 'Doors open', text: 'Hall B at nine.', event_name: 'Summit' }, 'Doors open: Hall B at nine.'],
    ['a title alone', { title: 'Doors open', event_name: 'Summit' }, 'Doors open'],
    ['neither (an older row): the type\'s sentence', { event_name: 'Summit' }, 'notifications.type_custom_push "Summit"'],
  ])('%s', (_name, data, expected) => expect(notificationText(t, custom(data), 'UTC')).toBe(expected));
});
