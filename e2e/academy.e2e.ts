import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openSignedIn, seriousViolations } from './browser.ts';
import { DESKTOP, PHONE, SLUG, api, snapshotWeb, summit, tokenOf, useServer, type Summit } from './chat-support.ts';
import { freshPerson, type Person } from './meetings-support.ts';
import { startServer, type RunningServer } from './server.ts';

// Issue 15, the academy: the course admin builds a module with two lessons (the first with
// blocking homework) in the academy admin and puts it first in the course; a student opens the
// first lesson (the second is blocked), sends homework with a file; the teacher declines it with a
// comment; the student sends it again; the teacher approves; the second lesson opens, the student
// rates it, and the progress shows both; with the rest of the course set aside the student gets the
// certificate, checked on its public page. The course admin uploads the program as CSV, and writes
// to the students, who read it as the course's news.

const TEACHER = { email: 'teacher@lobby.demo', password: 'Teacher-2026' };
const MODULE = 'E2E: Level design';
const FIRST = 'Blocking out a level';
const SECOND = 'Lighting and mood';

let browser: Browser;
let server: RunningServer;
let webCopy = '';
let event: Summit;
let teacher: string;
let student: Person;

beforeAll(async () => {
  webCopy = await snapshotWeb();
  server = await startServer({ WEB_DIST: webCopy });
  useServer(server.url);
  browser = await launchBrowser();
  event = await summit();
  teacher = await tokenOf(TEACHER.email, TEACHER.password);
  student = await freshPerson(event.organiser, event.eventId, event.businessTicket, 'Sasha', 'Lerner', 'Europe/Berlin');
  const made = await api('PUT', `/api/admin/v1/events/${event.eventId}/members/${student.memberId}`, event.organiser, { role_ids: [1, 6] });
  expect(made.status, JSON.stringify(made.json.error ?? '')).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (webCopy) rmSync(webCopy, { recursive: true, force: true });
});

const admin = (sub: string) => `/events/${SLUG}/academy-admin/${sub}`;
const lessonPath = (id: number) => `/events/${SLUG}/academy/lesson/${id}`;

/** A one-page PDF, enough for the upload's content check. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

async function toast(page: Page, text: string | RegExp) {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

/** Fills the lesson editor's main settings and homework tabs, saves, and answers the lesson's id. */
async function createLesson(page: Page, moduleId: number, title: string, homework: { description: string; blocking: boolean } | null): Promise<number> {
  await page.goto(admin(`modules/${moduleId}/lessons/create`));
  const editor = page.getByTestId('lesson-editor');
  await editor.waitFor();
  await page.getByTestId('tab-main').click();
  await page.getByTestId('lesson-title-input').fill(title);
  await page.getByTestId('lesson-open').check();
  if (homework) {
    await page.getByTestId('tab-homework').click();
    await page.getByTestId('lesson-has-homework').check();
    if (homework.blocking) await page.getByTestId('lesson-blocked-homework').check();
    await page.getByTestId('lesson-homework-description').fill(homework.description);
  }
  await page.getByTestId('lesson-save').click();
  await toast(page, 'The lesson is created.');
  await page.waitForURL(/\/lessons\/\d+\/edit$/);
  return Number(/\/lessons\/(\d+)\/edit$/.exec(page.url())?.[1]);
}

async function homeworkOf(token: string, lessonId: number) {
  return (await api('GET', `/api/v1/${event.eventId}/academy/lessons/${lessonId}/homework`, token)).json.data as { id: number; status: number; attempts: number; files: unknown[] } | null;
}

describe('academy', () => {
  it('a course admin builds a module of two lessons; homework is declined, sent again and approved; the next lesson opens and is rated', async () => {
    // The course admin: a module, opened now, first in the course.
    const staff = await openSignedIn(browser, server.url, teacher, { viewport: DESKTOP });
    const page = staff.page;
    await page.goto(admin('modules/create'));
    await page.getByTestId('module-form').waitFor();
    await page.getByTestId('module-title').fill(MODULE);
    await page.getByTestId('module-open').check();
    await page.getByTestId('module-save').click();
    await toast(page, 'The module is created.');
    await page.waitForURL(/\/academy-admin\/modules\/\d+$/);
    const moduleId = Number(/\/modules\/(\d+)$/.exec(page.url())?.[1]);
    expect(moduleId).toBeGreaterThan(0);

    const first = await createLesson(page, moduleId, FIRST, { description: 'Block out a level of your game in grey boxes and send a screenshot or a PDF.', blocking: true });
    const second = await createLesson(page, moduleId, SECOND, null);

    // Content for the first lesson through the API (the page editor has its own journey).
    const lesson = (await api('GET', `/api/v1/${event.eventId}/academy/admin/lessons/${first}`, teacher)).json.data as Record<string, unknown>;
    const content = { version: 1, blocks: [{ id: 3, uuid: '6f1c7a3e-8b2d-4c9a-9e1f-2a3b4c5d6e99', blockId: 'intro', hidden: false, editorData: { text: 'Grey boxes first, **art later**.' } }] };
    const put = await api('PUT', `/api/v1/${event.eventId}/academy/admin/lessons/${first}`, teacher, {
      module_id: moduleId,
      short_description: lesson.short_description,
      is_open: true,
      has_homework: true,
      blocked_homework: true,
      homework_description: lesson.homework_description,
      content,
    });
    expect(put.status, JSON.stringify(put.json.error ?? '')).toBe(200);

    // The new module goes first in the course, by keyboard (the sort call).
    await page.goto(admin('modules'));
    const list = page.getByTestId('modules-list');
    await list.waitFor();
    for (let moves = 0; moves < 10; moves += 1) {
      const names = await list.getByTestId('module-link').allInnerTexts();
      if (names[0] === MODULE) break;
      await page.getByRole('button', { name: `Move ${MODULE} up` }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => list.getAttribute('aria-busy')).not.toBe('true');
    }
    await expect.poll(async () => ((await api('GET', `/api/v1/${event.eventId}/academy/admin/modules`, teacher)).json.data as { short_description: string }[])[0]?.short_description).toBe(MODULE);
    expect(await seriousViolations(page)).toEqual([]);

    // The student: the program shows the second lesson blocked by the first's homework.
    const learner = await openSignedIn(browser, server.url, student.token, { viewport: PHONE });
    const sp = learner.page;
    await sp.goto(`/events/${SLUG}/academy/program`);
    await sp.getByTestId('academy-program').waitFor();
    await sp.getByRole('heading', { name: 'Course program', level: 1 }).waitFor();
    const secondCard = sp.getByTestId(`academy-lesson-${second}`);
    await secondCard.getByTestId('lock-blocked').waitFor();
    expect(await secondCard.getByTestId('lock-blocked-link').getAttribute('href')).toBe(lessonPath(first));
    expect(await seriousViolations(sp)).toEqual([]);
    // The server refuses the blocked lesson too, not only the page.
    const refused = await api('GET', `/api/v1/${event.eventId}/academy/lessons/${second}`, student.token);
    expect(refused.status).toBe(403);
    expect(refused.json.error?.code).toBe('academy.lesson_locked');

    // The first lesson: its content, then the homework with a file.
    await sp.goto(lessonPath(first));
    await sp.getByTestId('lesson-view').waitFor();
    await sp.getByText('art later').waitFor();
    await sp.getByTestId('lesson-tab-homework').click();
    await sp.getByTestId('homework-description').waitFor();
    await sp.getByTestId('homework-comment').fill('My level in grey boxes, first try.');
    await sp.getByTestId('homework-file-input').setInputFiles({ name: 'level.pdf', mimeType: 'application/pdf', buffer: PDF });
    await sp.locator('[data-testid="homework-upload"][data-status="done"]').waitFor();
    await sp.getByTestId('homework-submit').click();
    await toast(sp, 'Your homework was sent to the teachers.');
    await sp.getByTestId('homework-awaiting').waitFor();
    expect(await homeworkOf(student.token, first)).toMatchObject({ status: 1, attempts: 1, files: [expect.anything()] });
    expect(await seriousViolations(sp)).toEqual([]);

    // The teacher declines it with a comment.
    await page.goto(admin('homeworks'));
    const item = page.getByTestId('homework-item').filter({ hasText: student.name });
    await item.waitFor();
    await item.getByTestId('homework-decline').click();
    await page.getByTestId('decline-dialog').waitFor();
    await page.getByTestId('decline-comment').fill('Add a second route through the level, then send it again.');
    await page.getByTestId('decline-confirm').click();
    await page.getByTestId('decline-dialog').waitFor({ state: 'hidden' });
    await expect.poll(async () => (await homeworkOf(student.token, first))?.status).toBe(3);

    // The student reads the verdict and sends it again.
    await sp.reload();
    await sp.getByTestId('lesson-tab-homework').click();
    await sp.getByTestId('homework-review').filter({ hasText: 'second route' }).waitFor();
    await sp.getByTestId('homework-comment').fill('Now with two routes.');
    await sp.getByTestId('homework-submit').click();
    await toast(sp, 'Your homework was sent to the teachers.');
    await expect.poll(async () => (await homeworkOf(student.token, first))?.attempts).toBe(2);

    // The teacher approves.
    await page.reload();
    const again = page.getByTestId('homework-item').filter({ hasText: 'Now with two routes.' });
    await again.waitFor();
    await again.getByTestId('homework-approve').click();
    await expect.poll(async () => (await homeworkOf(student.token, first))?.status).toBe(2);

    // The second lesson opens; the student rates it; the progress counts both lessons.
    await sp.goto(lessonPath(second));
    await sp.getByTestId('lesson-view').waitFor();
    // The stars wait for the student's own rating to load before they take a choice.
    await sp.locator('[data-testid="lesson-rating-4"]:not([disabled])').waitFor({ state: 'attached' });
    await sp.getByTestId('lesson-rating-4').check({ force: true });
    await expect.poll(async () => ((await api('GET', `/api/v1/rating/lesson/${second}/me`, student.token)).json.data as { rating: number | null }).rating).toBe(4);
    await sp.reload();
    await sp.getByTestId('lesson-view').waitFor();
    // The rating loads after the lesson: wait for the star to come back checked.
    await sp.locator('[data-testid="lesson-rating-4"]:checked').waitFor({ state: 'attached' });

    await sp.goto(`/events/${SLUG}/academy/program`);
    const progress = sp.getByTestId('academy-progress-lessons').getByRole('progressbar');
    await progress.waitFor();
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(2);
    const mine = (await api('GET', `/api/v1/${event.eventId}/academy/progress/me`, student.token)).json.data as { education_progress: number; important_education_progress: number };
    expect(mine.education_progress).toBe(2);
    expect(mine.important_education_progress).toBe(1);

    // The teacher's students table shows the same.
    await page.goto(admin('students'));
    const row = page.getByTestId('student-row').filter({ hasText: student.name });
    await row.waitFor();
    expect(await row.getByTestId('student-lessons').innerText()).toMatch(/^2\b/);
    expect(await seriousViolations(page)).toEqual([]);
    await learner.context.close();
    await staff.context.close();
  });

  it('with the rest of the course set aside, the student has done it all: the certificate shows on the program, its page checks it without signing in and the PDF downloads (axe)', async () => {
    // The course admin makes the E2E module the whole course: every other module inactive.
    const modules = (await api('GET', `/api/v1/${event.eventId}/academy/admin/modules`, teacher)).json.data as { id: number; short_description: string }[];
    for (const module of modules.filter((item) => item.short_description !== MODULE)) {
      const put = await api('PUT', `/api/v1/${event.eventId}/academy/admin/modules/${module.id}`, teacher, { short_description: module.short_description, active: false });
      expect(put.status).toBe(200);
    }
    // The change of the course refreshes every student's progress, which issues the certificate.
    await expect
      .poll(async () => (await api('GET', `/api/v1/${event.eventId}/academy/certificate`, student.token)).json.data as { code: string } | null, { timeout: 30_000 })
      .not.toBeNull();

    const learner = await openSignedIn(browser, server.url, student.token, { viewport: DESKTOP });
    const sp = learner.page;
    await sp.goto(`/events/${SLUG}/academy/program`);
    const card = sp.getByTestId('academy-certificate');
    await card.waitFor();
    const pdfHref = await card.getByTestId('academy-certificate-pdf').getAttribute('href');
    expect(pdfHref).toMatch(/^\/api\/v1\/certificates\/[A-Za-z0-9_-]+\/pdf$/);
    await card.getByTestId('academy-certificate-verify').click();
    await sp.waitForURL(/\/certificates\/[A-Za-z0-9_-]+$/);
    const verifyPath = new URL(sp.url()).pathname;
    await learner.context.close();

    // Anyone with the address: a browser that never signed in.
    const guest = await browser.newContext({ viewport: PHONE });
    const gp = await guest.newPage();
    await gp.goto(`${server.url}${verifyPath}`);
    await gp.getByTestId('certificate-verified').waitFor();
    expect(await gp.getByTestId('certificate-student').innerText()).toBe(student.name);
    expect(await seriousViolations(gp)).toEqual([]);
    const pdf = await gp.request.get(`${server.url}${pdfHref ?? ''}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await guest.close();
  });

  it('a course admin uploads the program as CSV and reads the per-row report (axe)', async () => {
    const staff = await openSignedIn(browser, server.url, teacher, { viewport: DESKTOP });
    const page = staff.page;
    await page.goto(admin('modules'));
    await page.getByTestId('course-import').waitFor();
    const csv = ['module,lesson,start_date,has_homework,blocked_homework', 'E2E: Sound design,Footsteps,2026-12-01 10:00,yes,no', 'E2E: Sound design,Ambience,someday,no,no'].join('\n');
    await page.getByTestId('course-import-file').setInputFiles({ name: 'course.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const report = page.getByTestId('course-import-report');
    await report.waitFor();
    expect(await report.innerText()).toContain('Rows read: 2. Modules added: 1. Lessons added: 1, updated: 0. Rows not imported: 1.');
    expect(await report.locator('tbody tr').innerText()).toContain('Ambience');
    await page.getByTestId('module-link').filter({ hasText: 'E2E: Sound design' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await staff.context.close();
  });

  it('a course admin writes to the students; a student reads it as the course news on a phone (axe)', async () => {
    const staff = await openSignedIn(browser, server.url, teacher, { viewport: DESKTOP });
    const page = staff.page;
    await page.goto(admin('promo-messages'));
    await page.getByTestId('promo-form').waitFor();
    const text = 'E2E: the level design jam starts on Friday.';
    await page.getByTestId('promo-text').fill(text);
    await page.getByTestId('promo-send').click();
    await toast(page, /The message is in the academy's promo channel and mailed to \d+ students?\./);
    await page.getByTestId('promo-item').filter({ hasText: text }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const learner = await openSignedIn(browser, server.url, student.token, { viewport: PHONE });
    await learner.page.goto(`/events/${SLUG}/academy/program`);
    const news = learner.page.getByTestId('academy-news-item').filter({ hasText: text });
    await news.waitFor();
    expect(await seriousViolations(learner.page)).toEqual([]);
    await learner.context.close();
    await staff.context.close();
  });
});
