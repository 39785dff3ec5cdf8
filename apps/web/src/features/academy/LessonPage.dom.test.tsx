// @vitest-environment jsdom
// The lesson page in a DOM: its head and content, the tabs by keyboard, the homework in each state
// and its form (toasts on success and failure, files), the rating, the lesson chat, the neighbours,
// a locked lesson's reason and the 404 for an id that is not a number.
import type { ChatMessage, Homework, Lesson } from '@lobby/contract';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client.ts';
import { threadKey, type Thread } from '../chat/thread.ts';
import { sampleHomework, sampleLesson, sampleProgram } from './academy.test-data.ts';
import { $, byTestId, click, initTexts, lockedError, mountPage, press, stubApi, TEACHER, textOf, typeInto, unmountPage, until, type Api } from './harness.test-data.tsx';
import { Component as LessonPage } from './LessonPage.tsx';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));
// The chat's channel view runs its own live connection; here it only shows which channel it was given.
vi.mock('../chat/ChannelPane.tsx', () => ({ ChannelPane: ({ channelId }: { channelId: string }) => <p data-testid="channel-pane">{channelId}</p> }));
const uploads = vi.hoisted(() => ({ upload: vi.fn() }));
vi.mock('../chat/upload.ts', () => ({ UploadAborted: class extends Error {}, uploadChatFile: uploads.upload }));

beforeAll(initTexts);
beforeEach(() => {
  toasts.success.mockReset();
  toasts.error.mockReset();
  uploads.upload.mockReset();
});
afterEach(unmountPage);

interface Course {
  lesson?: Lesson;
  homework?: Homework | null;
  rating?: { rating: number | null; average: number | null; count: number };
  extra?: Api;
}

function course({ lesson = sampleLesson(), homework = null, rating = { rating: null, average: 4.25, count: 4 }, extra }: Course = {}) {
  let mine = rating;
  return stubApi(async (method, path, body) => {
    const answer = await extra?.(method, path, body);
    if (answer) return answer;
    if (method === 'GET' && path === '/api/v1/7/academy/program') return { body: { data: sampleProgram() } };
    if (method === 'GET' && path === `/api/v1/7/academy/lessons/${lesson.id}`) return { body: { data: lesson } };
    if (method === 'GET' && path === `/api/v1/7/academy/lessons/${lesson.id}/homework`) return { body: { data: homework } };
    if (method === 'GET' && path === `/api/v1/rating/lesson/${lesson.id}/me`) return { body: { data: mine } };
    if (method === 'POST' && path === `/api/v1/7/academy/lessons/${lesson.id}/rating`) {
      mine = { rating: (body as { rating: number }).rating, average: 3.5, count: 5 };
      return { body: { data: mine } };
    }
    if (method === 'POST' && path === `/api/v1/7/chat/lesson/${lesson.id}`) return { body: { data: { chat_id: 'c0ffee00-0000-4000-8000-000000000001' } } };
    return undefined;
  });
}

async function open(address = 'academy/lesson/11', abilities?: Parameters<typeof mountPage>[2]) {
  mountPage({ lesson: LessonPage }, address, abilities);
  await until(() => byTestId('lesson-loading') === null && (byTestId('lesson-view') !== null || byTestId('lesson-locked') !== null || byTestId('error-404') !== null));
}

const tab = (key: string) => byTestId<HTMLButtonElement>(`lesson-tab-${key}`) as HTMLButtonElement;
const panelShown = (key: string) => byTestId(`lesson-panel-${key}`)?.hidden === false;

describe('the lesson page', () => {
  it('shows the module, title, dates in the course timezone, teachers and the content through the pages renderer', async () => {
    course();
    await open();
    expect(textOf('lesson-module')).toBe('Foundations');
    expect($('h1').textContent).toBe('Core loops');
    expect(textOf('lesson-dates')).toBe('01.12.2026 09:30 – 01.12.2026 12:00 (Asia/Tokyo, GMT+9)');
    expect(textOf('lesson-teachers')).toBe('Teacher: Ada Lovelace');
    expect(byTestId('lesson-panel-lesson')?.querySelector('section#intro h2')?.textContent).toBe('Loops that keep players');
    expect(textOf('lesson-view')).toContain('Required to go on');
    await until(() => document.title === 'Core loops · Summit · Lobby');
  });

  it('is the 404 page for an id that is not a whole number', async () => {
    const calls = course();
    await open('academy/lesson/1.5');
    expect(byTestId('error-404')).not.toBeNull();
    expect(calls).toEqual([]);
  });

  it('has an accessible tablist moved through by arrows, Home and End', async () => {
    course();
    await open();
    expect($('[role="tablist"]').getAttribute('aria-label')).toBe('Lesson sections');
    expect([...document.querySelectorAll('[role="tab"]')].map((node) => [node.textContent, node.getAttribute('aria-selected'), node.getAttribute('tabindex')])).toEqual([
      ['Lesson', 'true', '0'],
      ['Homework', 'false', '-1'],
      ['Chat', 'false', '-1'],
    ]);
    const lessonPanel = $('#lesson-11-panel-lesson');
    expect(lessonPanel.getAttribute('role')).toBe('tabpanel');
    expect(lessonPanel.getAttribute('aria-labelledby')).toBe('lesson-11-tab-lesson');
    tab('lesson').focus();
    press(tab('lesson'), 'ArrowRight');
    expect(tab('homework').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('homework'));
    expect(panelShown('homework')).toBe(true);
    expect(panelShown('lesson')).toBe(false);
    press(tab('homework'), 'End');
    expect(document.activeElement).toBe(tab('chat'));
    press(tab('chat'), 'ArrowRight');
    expect(document.activeElement).toBe(tab('lesson'));
    press(tab('lesson'), 'ArrowLeft');
    expect(tab('chat').getAttribute('aria-selected')).toBe('true');
    press(tab('chat'), 'Home');
    expect(panelShown('lesson')).toBe(true);
  });

  it('has no Homework tab when the lesson has no homework', async () => {
    course({ lesson: sampleLesson({ has_homework: false, blocked_homework: false }) });
    await open();
    expect([...document.querySelectorAll('[role="tab"]')].map((node) => node.textContent)).toEqual(['Lesson', 'Chat']);
    expect(byTestId('lesson-panel-homework')).toBeNull();
  });

  it('opens the tab the address asks for', async () => {
    course();
    await open('academy/lesson/11?tab=homework');
    expect(panelShown('homework')).toBe(true);
  });

  it('links the previous and next lessons by their titles', async () => {
    course({ lesson: sampleLesson({ previous_id: 13, next_id: 12 }) });
    await open();
    await until(() => textOf('lesson-next').includes('Level design'));
    expect(byTestId('lesson-next')?.getAttribute('href')).toBe('/events/summit/academy/lesson/12');
    expect(byTestId('lesson-previous')?.querySelector('span:last-child')?.textContent).toBe('Balancing');
    expect(textOf('lesson-previous')).toContain('Previous lesson');
    expect(byTestId('lesson-previous')?.getAttribute('href')).toBe('/events/summit/academy/lesson/13');
  });
});

describe('the homework tab', () => {
  const openHomework = async (homework: Homework | null, abilities?: Parameters<typeof mountPage>[2]) => {
    const calls = course({ homework });
    await open('academy/lesson/11?tab=homework', abilities);
    await until(() => byTestId('homework-none') !== null || byTestId('homework-current') !== null || byTestId('homework-staff-note') !== null);
    return calls;
  };

  it('describes the homework in Markdown and offers the form before the first sending', async () => {
    await openHomework(null);
    await until(() => byTestId('homework-description')?.querySelector('strong') !== null);
    expect(byTestId('homework-description')?.querySelector('strong')?.textContent).toBe('core loop');
    expect(textOf('homework-none')).toBe('You have not sent this homework yet.');
    expect(textOf('homework-submit')).toBe('Send homework');
  });

  it('shows work awaiting review with its files, and no form', async () => {
    await openHomework(sampleHomework());
    expect(textOf('homework-current')).toContain('Awaiting review');
    expect(textOf('homework-current')).toContain('Sent 02.12.2026 09:00');
    expect(textOf('homework-attempts')).toBe('1 attempt');
    expect(textOf('homework-current')).toContain('My loop: collect, craft, build.');
    expect(byTestId('homework-files')?.querySelector('button')?.getAttribute('aria-label')).toContain('loop.pdf');
    expect(byTestId('homework-form')).toBeNull();
    expect(textOf('homework-awaiting')).toContain('Your homework is with the teachers');
    expect(byTestId('homework-review')).toBeNull();
  });

  it("names a review kept from a declined attempt as the previous attempt's", async () => {
    await openHomework(sampleHomework({ attempts: 2, review_comment: 'Add a fail state.', reviewed_at: '2026-12-03T00:00:00.000Z' }));
    expect(byTestId('homework-review')?.querySelector('p')?.textContent).toBe("Teacher's comment on the previous attempt");
  });

  it('shows approved work without a form', async () => {
    await openHomework(sampleHomework({ status: 2, review_comment: 'Great loop.', reviewed_at: '2026-12-03T00:00:00.000Z' }));
    expect(textOf('homework-current')).toContain('Approved');
    expect(textOf('homework-review')).toContain('Great loop.');
    expect(byTestId('homework-form')).toBeNull();
    expect(byTestId('homework-approved')).not.toBeNull();
  });

  it("shows a declined work's review and attempts, with the form to send it again", async () => {
    await openHomework(sampleHomework({ status: 3, attempts: 2, review_comment: 'Add a fail state.', reviewed_at: '2026-12-03T00:00:00.000Z' }));
    expect(textOf('homework-current')).toContain('Declined');
    expect(textOf('homework-attempts')).toBe('2 attempts');
    expect([...(byTestId('homework-review')?.querySelectorAll('p') ?? [])].map((node) => node.textContent)).toEqual(["Teacher's comment", 'Add a fail state.', '03.12.2026 09:00']);
    expect(textOf('homework-submit')).toBe('Send again');
  });

  it('asks for a comment or a file, then sends the comment with a success toast and shows the work', async () => {
    const calls = await openHomework(null);
    click(byTestId('homework-submit') as HTMLElement);
    expect(textOf('homework-problem')).toBe('Write a comment or attach a file.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    const sent = sampleHomework({ comment: 'Collect, craft, build.', files: [] });
    let stored: Homework | null = null;
    const more = course({
      extra: (method, path) => {
        if (!path.endsWith('/homework')) return undefined;
        if (method === 'POST') stored = sent;
        return { status: method === 'POST' ? 201 : 200, body: { data: stored } };
      },
    });
    typeInto(byTestId<HTMLTextAreaElement>('homework-comment') as HTMLTextAreaElement, '  Collect, craft, build.  ');
    click(byTestId('homework-submit') as HTMLElement);
    await until(() => toasts.success.mock.calls.length > 0);
    expect(toasts.success).toHaveBeenCalledWith('Your homework was sent to the teachers.');
    expect(more.find((call) => call.method === 'POST')).toEqual({ method: 'POST', path: '/api/v1/7/academy/lessons/11/homework', body: { comment: 'Collect, craft, build.' } });
    await until(() => byTestId('homework-current') !== null);
    expect(byTestId('homework-form')).toBeNull();
  });

  it('uploads files through the chat upload and sends their keys; a refusal is told in a failure toast', async () => {
    await openHomework(null);
    uploads.upload.mockResolvedValue({ key: 'up-1.pdf', name: 'plan.pdf', content_type: 'application/pdf', size: 1200 });
    const input = byTestId<HTMLInputElement>('homework-file-input') as HTMLInputElement;
    const file = new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await until(() => byTestId('homework-upload')?.getAttribute('data-status') === 'done');
    expect(uploads.upload).toHaveBeenCalledTimes(1);
    const calls = course({
      homework: null,
      extra: (method, path) =>
        method === 'POST' && path.endsWith('/homework') ? { status: 422, body: { error: { code: 'chat.file_link_failed', message: 'An attachment was already sent or is not yours; upload it again.' } } } : undefined,
    });
    click(byTestId('homework-submit') as HTMLElement);
    await until(() => toasts.error.mock.calls.length > 0);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ files: ['up-1.pdf'] });
    expect(toasts.error.mock.calls[0]?.[0]).toBe('Your homework was not sent');
    expect(byTestId('homework-form')).not.toBeNull();
  });

  it('shows the staff where homework is reviewed instead of a form', async () => {
    const calls = await openHomework(null, TEACHER);
    expect(byTestId('homework-form')).toBeNull();
    expect(byTestId('homework-staff-note')?.querySelector('a')?.getAttribute('href')).toBe('/events/summit/academy-admin/homeworks');
    expect(calls.some((call) => call.path.endsWith('/homework'))).toBe(false);
  });
});

describe('the rating', () => {
  it("reads the student's own rating and the average, and rates with the keyboard's radios", async () => {
    const calls = course({ rating: { rating: 4, average: 4.25, count: 4 } });
    await open();
    await until(() => byTestId<HTMLInputElement>('lesson-rating-4')?.checked === true);
    const radios = [...document.querySelectorAll<HTMLInputElement>('[data-testid="lesson-rating-stars"] input[type="radio"]')];
    expect(radios).toHaveLength(5);
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect($('[data-testid="lesson-rating-stars"] legend').textContent).toBe('Your rating: 4 of 5');
    expect(textOf('lesson-rating-average')).toBe('Average 4.3 from 4 ratings');
    click(radios[1] as HTMLInputElement);
    await until(() => textOf('lesson-rating-average') === 'Average 3.5 from 5 ratings');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', path: '/api/v1/7/academy/lessons/11/rating', body: { rating: 2 } }]);
    expect(radios[1]?.checked).toBe(true);
    expect($('[data-testid="lesson-rating-stars"] legend').textContent).toBe('Your rating: 2 of 5');
  });

  it('asks a student who has not rated, and goes back to the saved rating with a toast when rating fails', async () => {
    course({ rating: { rating: null, average: null, count: 0 }, extra: (method) => (method === 'POST' ? { status: 403, body: { error: { code: 'auth.forbidden', message: 'No.' } } } : undefined) });
    await open();
    await until(() => textOf('lesson-rating-average') === 'No ratings yet.');
    expect($('[data-testid="lesson-rating-stars"] legend').textContent).toBe('Rate this lesson');
    click(byTestId('lesson-rating-5') as HTMLElement);
    await until(() => toasts.error.mock.calls.length > 0);
    expect(toasts.error.mock.calls[0]?.[0]).toBe('Your rating was not saved');
    expect(byTestId<HTMLInputElement>('lesson-rating-5')?.checked).toBe(false);
  });

  it('shows the staff the average only', async () => {
    course();
    await open('academy/lesson/11', TEACHER);
    await until(() => textOf('lesson-rating-average') !== '');
    expect(byTestId('lesson-rating-stars')).toBeNull();
    expect(textOf('lesson-rating-average')).toBe('Average 4.3 from 4 ratings');
  });
});

describe('the chat tab', () => {
  it("opens the student's lesson chat only when asked, with the channel view", async () => {
    const calls = course();
    await open();
    expect(calls.some((call) => call.path.includes('/chat/lesson/'))).toBe(false);
    click(tab('chat'));
    await until(() => byTestId('channel-pane') !== null);
    expect(textOf('channel-pane')).toBe('c0ffee00-0000-4000-8000-000000000001');
    expect(calls.filter((call) => call.path === '/api/v1/7/chat/lesson/11').map((call) => call.method)).toEqual(['POST']);
  });

  it("reads the homework and the lesson again when a teacher's verdict arrives live in the chat", async () => {
    const calls = course({ homework: sampleHomework() });
    await open();
    click(tab('chat'));
    await until(() => byTestId('channel-pane') !== null);
    const key = threadKey('c0ffee00-0000-4000-8000-000000000001');
    const reads = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/v1/7/academy/lessons/11').length;
    const before = reads();
    const verdict = { seq: 2, custom_type: 'homework_approved' } as ChatMessage;
    act(() => {
      queryClient.setQueryData<Thread>(key, { messages: [{ seq: 1, custom_type: 'homework' } as ChatMessage], pending: [], known: 1, hasOlder: false, readers: [] });
    });
    act(() => {
      queryClient.setQueryData<Thread>(key, (thread) => (thread ? { ...thread, messages: [...thread.messages, verdict], known: 2 } : thread));
    });
    await until(() => reads() > before);
    expect(calls.filter((call) => call.path.endsWith('/homework')).length).toBeGreaterThan(0);
  });

  it('points the staff to the students’ chats in the admin', async () => {
    const calls = course();
    await open('academy/lesson/11?tab=chat', TEACHER);
    expect(byTestId('lesson-chat-staff')).not.toBeNull();
    expect(calls.some((call) => call.path.includes('/chat/lesson/'))).toBe(false);
  });
});

describe('a locked lesson', () => {
  const locked = (details: unknown) => course({ lesson: sampleLesson({ id: 13 }), extra: (method, path) => (path === '/api/v1/7/academy/lessons/13' ? lockedError(details) : undefined) });

  it('explains that it is blocked by an earlier homework, with a link to that lesson', async () => {
    locked({ state: 'blocked', opens_at: null, blocked_by: { id: 11, short_description: 'Core loops' } });
    await open('academy/lesson/13');
    await until(() => $('h1').textContent === 'Balancing');
    expect(byTestId('lesson-locked')?.getAttribute('data-lock')).toBe('blocked');
    expect(textOf('lesson-locked')).toContain('This lesson is blocked by homework');
    expect(textOf('lock-blocked')).toBe('It opens once your homework on Core loops is approved.');
    expect(byTestId('lock-blocked-link')?.getAttribute('href')).toBe('/events/summit/academy/lesson/11');
  });

  it('gives the date it opens in the course timezone, or says the teachers open it', async () => {
    locked({ state: 'not_yet_open', opens_at: '2026-12-05T01:00:00.000Z', blocked_by: null });
    await open('academy/lesson/13');
    await until(() => textOf('lock-not-yet-open').includes('Asia/Tokyo'));
    expect(textOf('lock-not-yet-open')).toBe('It opens on 05.12.2026 10:00 (Asia/Tokyo, GMT+9).');
    unmountPage();
    locked({ state: 'not_yet_open', opens_at: null, blocked_by: null });
    await open('academy/lesson/13');
    expect(textOf('lock-not-yet-open')).toBe('It opens when the teachers open it.');
    expect(textOf('lesson-locked')).toContain('This lesson is not open yet');
  });

  it('is the 404 page for a lesson that does not exist', async () => {
    course({ extra: (_method, path) => (path === '/api/v1/7/academy/lessons/99' ? { status: 404, body: { error: { code: 'academy.lesson_not_found', message: 'No.' } } } : undefined) });
    await open('academy/lesson/99');
    expect(byTestId('error-404')).not.toBeNull();
  });
});
