// @vitest-environment jsdom
import type { EventGroups } from '@lobby/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/query-client.ts';
import { eventsQuery } from '../features/events/queries.ts';
import { adoptFirstPaint, carryOverFirstPaint } from './first-paint.ts';

const groups: EventGroups = { past: [], current: [], upcoming: [] };
const at = (path: string) => new URL(`http://lobby.test${path}`) as unknown as Location;

function paint(path: string, data: unknown): HTMLElement {
  document.body.innerHTML = `<div id="root" data-first-paint="${path}"><main><input id="fp-search" type="search" value=""><select id="fp-language"><option value="en" selected>English</option><option value="ru">Русский</option></select></main></div>`;
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'lobby-first-data';
  block.textContent = JSON.stringify(data);
  document.body.append(block);
  const root = document.getElementById('root');
  if (!root) throw new Error('no root');
  return root;
}

/** What React's first commit does to the container: its children replaced by the app's. */
function appRenders(root: HTMLElement): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'search';
  const main = document.createElement('main');
  main.append(input);
  root.replaceChildren(main);
  return input;
}

afterEach(() => {
  queryClient.clear();
  document.body.innerHTML = '';
});

describe('adoptFirstPaint', () => {
  it('keeps a paint of this address and seeds the list with its answer', () => {
    const root = paint('/events', { path: '/events', language: 'en', query: '', answer: { data: groups } });
    expect(adoptFirstPaint(root, at('/events'))).toBe(true);
    expect(queryClient.getQueryData(eventsQuery('').queryKey)).toEqual({ data: groups });
    expect(root.childElementCount).toBe(1);
  });

  it('keeps the paint but asks again when its language or search is not the app\'s', () => {
    for (const data of [
      { path: '/events', language: 'zh', query: '', answer: { data: groups } },
      { path: '/events', language: 'en', query: 'other', answer: { data: groups } },
      { path: '/events', language: 'en', query: '', answer: { data: { past: 'x' } } },
    ]) {
      const root = paint('/events', data);
      expect(adoptFirstPaint(root, at('/events'))).toBe(true);
      expect(queryClient.getQueryData(eventsQuery('').queryKey)).toBeUndefined();
    }
  });

  it('empties a paint made for another address (the offline copy of "/"), and ignores a root without one', () => {
    const root = paint('/', { path: '/', language: 'en', query: '', answer: { data: groups } });
    expect(adoptFirstPaint(root, at('/members'))).toBe(false);
    expect(root.childElementCount).toBe(0);
    const plain = document.createElement('div');
    expect(adoptFirstPaint(plain, at('/'))).toBe(false);
  });
});

describe('carryOverFirstPaint', () => {
  it('puts a search typed on the paint into the app\'s box, as typing, and drops the mark', async () => {
    const root = paint('/events', {});
    const switchLanguage = vi.fn();
    (root.querySelector('#fp-search') as HTMLInputElement).value = 'indie';
    carryOverFirstPaint(root, switchLanguage);
    const typed = vi.fn();
    root.addEventListener('input', typed);
    const input = appRenders(root);
    await Promise.resolve();
    expect(input.value).toBe('indie');
    expect(typed).toHaveBeenCalledTimes(1);
    expect(root.dataset.firstPaint).toBeUndefined();
    expect(switchLanguage).not.toHaveBeenCalled();
  });

  it('leaves the app\'s box alone when nothing was typed, and switches to a language picked on the paint', async () => {
    const root = paint('/events', {});
    const switchLanguage = vi.fn();
    carryOverFirstPaint(root, switchLanguage);
    const input = appRenders(root);
    await Promise.resolve();
    expect(input.value).toBe('');
    expect(switchLanguage).not.toHaveBeenCalled();

    const again = paint('/events', {});
    (again.querySelector('#fp-language') as HTMLSelectElement).value = 'ru';
    carryOverFirstPaint(again, switchLanguage);
    appRenders(again);
    await Promise.resolve();
    expect(switchLanguage).toHaveBeenCalledWith('ru');
  });
});
