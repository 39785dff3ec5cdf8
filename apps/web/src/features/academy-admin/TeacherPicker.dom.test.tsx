// @vitest-environment jsdom
// The people picker in a DOM, through the lesson's teacher picker: a search after two characters
// (the event's teachers), picking and removing people, hiding the chosen ones from the results, the
// limit, and what it says when nobody matches or the search fails.
import { LESSON_TEACHERS_MAX } from '@lobby/contract';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TeacherPicker } from './TeacherPicker.tsx';
import { byTestId, click, initTexts, mountNode, stubApi, typeInto, unmountPage, until } from '../academy/harness.test-data.tsx';
import type { PickedPerson } from '../../ui/PeoplePicker.tsx';

beforeAll(initTexts);

afterEach(unmountPage);
let picked: PickedPerson[] = [];

const people = [
  { id: 41, user_id: 12, name: 'Ada Lovelace', job: 'Teacher', avatar_url: null },
  { id: 42, user_id: 15, name: 'Alan Kay', job: null, avatar_url: null },
];

function mount(start: PickedPerson[], fail = false) {
  const calls = stubApi((method, path) => {
    if (method !== 'GET' || path !== '/api/v1/7/members/autocomplete-user') return undefined;
    return fail ? { status: 500, body: { error: { code: 'http.500', message: 'Something went wrong.' } } } : { body: { data: people } };
  });
  function Host() {
    const [value, setValue] = useState(start);
    picked = value;
    return <TeacherPicker eventId={7} value={value} onChange={setValue} />;
  }
  mountNode(<Host />);
  return calls;
}

const field = () => byTestId<HTMLInputElement>('teacher-search') as HTMLInputElement;
const found = () => [...document.querySelectorAll('[data-testid="teacher-picker-found"] button')].map((button) => button.textContent?.replace(/\s+/g, ' ').trim());

describe('TeacherPicker (the people picker)', () => {
  it('searches from two characters, picks a person and leaves them out of the results', async () => {
    const calls = mount([]);
    typeInto(field(), 'A');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toHaveLength(0);
    typeInto(field(), 'Al');
    await until(() => found().length === 2);
    expect(found()[0]).toContain('Ada Lovelace · uid 12 · Teacher');
    click(document.querySelector('[data-testid="teacher-picker-found"] button') as Element);
    expect(picked).toEqual([{ id: 12, name: 'Ada Lovelace' }]);
    expect(field().value).toBe('');
    typeInto(field(), 'Al');
    await until(() => found().length === 1);
    expect(found()[0]).toContain('Alan Kay');
  });

  it('removes a chosen person by the button that names them', () => {
    mount([{ id: 12, name: 'Ada Lovelace' }, { id: 15, name: 'Alan Kay' }]);
    const remove = document.querySelector('[aria-label="Remove Ada Lovelace"]');
    expect(remove).not.toBeNull();
    click(remove as Element);
    expect(picked).toEqual([{ id: 15, name: 'Alan Kay' }]);
  });

  it('stops taking people at the limit', () => {
    mount(Array.from({ length: LESSON_TEACHERS_MAX }, (_, index) => ({ id: 100 + index, name: `Teacher ${index}` })));
    expect(field().disabled).toBe(true);
  });

  it('says so when nobody is left to pick, and when the search fails', async () => {
    mount([{ id: 12, name: 'Ada Lovelace' }, { id: 15, name: 'Alan Kay' }]);
    typeInto(field(), 'Al');
    await until(() => document.querySelector('[data-testid="teacher-picker"] [role="status"]') !== null);
    unmountPage();
    mount([], true);
    typeInto(field(), 'Al');
    await until(() => byTestId('teacher-picker')?.textContent?.includes('Teachers could not be searched. Try again.') === true);
  });
});
