// @vitest-environment jsdom
// The 'Course program' page in a DOM: modules in course order, dates in the course timezone, each
// lock explained, badges, the student's progress bars, the course's news, staff's way to the admin,
// empty and error states.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleProgram } from './academy.test-data.ts';
import { $, byTestId, click, initTexts, mountPage, stubApi, TEACHER, textOf, unmountPage, until } from './harness.test-data.tsx';
import { Component as ProgramPage } from './ProgramPage.tsx';

beforeAll(initTexts);
afterEach(unmountPage);

const program = (over = {}) => stubApi((method, path) => (method === 'GET' && path === '/api/v1/7/academy/program' ? { body: { data: sampleProgram(over) } } : undefined));
const open = async (abilities?: Parameters<typeof mountPage>[2]) => {
  mountPage({ program: ProgramPage }, 'academy/program', abilities);
  await until(() => byTestId('academy-program-loading') === null && byTestId('academy-progress') !== null);
};

describe('the course program', () => {
  it("is titled 'Course program', names the course timezone and lists the modules in course order with their lessons numbered through", async () => {
    program();
    await open();
    expect($('h1').textContent).toBe('Course program');
    expect(document.title).toBe('Course program · Summit · Lobby');
    expect(textOf('academy-timezone')).toMatch(/^Dates are shown in the course timezone: Asia\/Tokyo, GMT\+9\.$/);
    expect([...document.querySelectorAll('section h2')].map((node) => node.textContent)).toEqual(['Your progress', 'Foundations', 'Production']);
    expect([...document.querySelectorAll('[data-testid^="academy-lesson-"][data-lock]')].map((node) => node.getAttribute('data-testid'))).toEqual([
      'academy-lesson-11',
      'academy-lesson-12',
      'academy-lesson-13',
      'academy-lesson-21',
      'academy-lesson-22',
    ]);
    expect(textOf('academy-lesson-12')).toMatch(/^2/);
    expect(textOf('academy-lesson-21')).not.toMatch(/^4/);
  });

  it('shows the module description through the Markdown renderer and the dates in the course timezone', async () => {
    program();
    await open();
    await until(() => byTestId('academy-module-description')?.querySelector('strong') !== null);
    expect(byTestId('academy-module-description')?.querySelector('strong')?.textContent).toBe('basics');
    // 2026-12-01T00:30Z is 09:30 in Tokyo (the person's own timezone is Moscow).
    expect(textOf('academy-module-dates')).toBe('Dates: 01.12.2026 09:30 – 20.12.2026 18:00');
    expect(textOf('academy-lesson-21')).toContain('Dates: Opens 05.12.2026 10:00');
  });

  it('links open lessons and explains each locked one: a date, the teachers, or the blocking lesson linked', async () => {
    program();
    await open();
    const openLink = byTestId('academy-lesson-11')?.querySelector('a');
    expect(openLink?.getAttribute('href')).toBe('/events/summit/academy/lesson/11');
    expect(byTestId('academy-lesson-21')?.querySelector('[data-testid="academy-lesson-link"]')).toBeNull();
    expect(byTestId('academy-lesson-21')?.querySelector('[data-testid="academy-lock-reason"]')?.textContent).toBe('Not yet open: opens on 05.12.2026 10:00 (Asia/Tokyo, GMT+9).');
    expect(byTestId('academy-lesson-22')?.querySelector('[data-testid="academy-lock-reason"]')?.textContent).toBe('Not yet open: opens when the teachers open it.');
    const blocked = byTestId('academy-lesson-13')?.querySelector('[data-testid="academy-lock-reason"]');
    expect(blocked?.textContent).toBe('Blocked by the homework of Core loops: it opens once that homework is approved.');
    expect(blocked?.querySelector('a')?.getAttribute('href')).toBe('/events/summit/academy/lesson/11');
    expect(byTestId('academy-lesson-13')?.querySelector('h3')?.textContent).toBe('Balancing (locked)');
  });

  it('shows teachers, homework badges, the student’s homework state and the rating', async () => {
    program();
    await open();
    const first = textOf('academy-lesson-11');
    expect(first).toContain('Teachers: Ada Lovelace, Alan Turing');
    expect(first).toContain('Homework');
    expect(first).toContain('Required to go on');
    expect(first).toContain('Declined');
    expect(first).toContain('Rating 4.5');
    expect(textOf('academy-lesson-12')).toContain('Approved');
    expect(textOf('academy-lesson-12')).not.toContain('Required to go on');
    expect(textOf('academy-lesson-13')).not.toContain('Homework');
  });

  it("shows the course admins' latest news, newest first, in the course timezone, and nothing without any", async () => {
    const news = [
      { id: 2, text: 'Office hours at 18:00.\nBring questions.', sender: null, channel_id: 'c', emailed: false, email_template: null, recipients: 0, created_at: '2026-12-02T09:00:00.000Z' },
      { id: 1, text: 'Module two opens Monday.', sender: null, channel_id: 'c', emailed: true, email_template: null, recipients: 4, created_at: '2026-12-01T01:00:00.000Z' },
    ];
    const calls = stubApi((method, path) => {
      if (method === 'GET' && path === '/api/v1/7/academy/program') return { body: { data: sampleProgram() } };
      if (method === 'GET' && path === '/api/v1/7/academy/news') return { body: { data: news, meta: { page: 1, per_page: 3, total: 2, last_page: 1 } } };
      return undefined;
    });
    await open();
    await until(() => byTestId('academy-news') !== null);
    expect(byTestId('academy-news')?.querySelector('h2')?.textContent).toBe('News from the course');
    const items = [...document.querySelectorAll('[data-testid="academy-news-item"]')].map((item) => item.textContent);
    // 09:00Z is 18:00 in Tokyo, the course timezone.
    expect(items).toEqual(['02.12.2026 at 18:00Office hours at 18:00.\nBring questions.', '01.12.2026 at 10:00Module two opens Monday.']);
    expect(calls.some((call) => call.path === '/api/v1/7/academy/news')).toBe(true);
  });

  it('shows no news card when there is no news', async () => {
    program();
    await open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(byTestId('academy-news')).toBeNull();
  });

  it('shows the progress as accessible progress bars', async () => {
    program();
    await open();
    const bars = [...document.querySelectorAll('[role="progressbar"]')];
    expect(bars.map((bar) => [bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax'), bar.getAttribute('aria-valuetext')])).toEqual([
      ['2', '5', '2 of 5'],
      ['0', '1', '0 of 1'],
    ]);
    const label = document.getElementById(bars[0]?.getAttribute('aria-labelledby') ?? '');
    expect(label?.textContent).toBe('Lessons done');
    expect((bars[0]?.firstElementChild as HTMLElement).style.width).toBe('40%');
    expect(byTestId('academy-complete')).toBeNull();
    expect(byTestId('academy-admin-link')).toBeNull();
  });

  it('leaves out the required bar when the course has no required homework, and says when the course is complete', async () => {
    program({ progress: { education_progress: 5, lessons_total: 5, important_education_progress: 0, important_total: 0, complete: true, refreshed_at: null } });
    await open();
    expect(document.querySelectorAll('[role="progressbar"]')).toHaveLength(1);
    expect(textOf('academy-complete')).toBe('Course complete');
  });

  it('gives the staff the way to the academy admin, without a progress of their own', async () => {
    program({ can_review: true, progress: null });
    mountPage({ program: ProgramPage }, 'academy/program', TEACHER);
    await until(() => byTestId('academy-admin-link') !== null);
    expect(byTestId('academy-admin-link')?.getAttribute('href')).toBe('/events/summit/academy-admin');
    expect(byTestId('academy-progress')).toBeNull();
  });

  it('says so when the course has no modules yet', async () => {
    program({ modules: [], progress: null });
    mountPage({ program: ProgramPage }, 'academy/program');
    await until(() => byTestId('academy-program-empty') !== null);
    expect(textOf('academy-program-empty')).toContain('No lessons yet');
  });

  it('shows a failure with a retry that reads again', async () => {
    let answers = 0;
    stubApi((method, path) => {
      if (path !== '/api/v1/7/academy/program') return undefined;
      answers += 1;
      return answers === 1 ? { status: 500, body: { error: { code: 'internal', message: 'Down.' } } } : { body: { data: sampleProgram() } };
    });
    mountPage({ program: ProgramPage }, 'academy/program');
    await until(() => byTestId('academy-program-error') !== null);
    click([...document.querySelectorAll('button')].find((button) => button.textContent === 'Try again') as HTMLButtonElement);
    await until(() => byTestId('academy-progress') !== null);
    expect(answers).toBe(2);
  });
});
