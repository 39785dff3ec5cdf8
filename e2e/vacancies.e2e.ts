import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openSignedIn, seriousViolations } from './browser.ts';
import { DESKTOP, PHONE, SLUG, api, sidewaysOverflow, tokenOf, useServer } from './chat-support.ts';
import { mailsTo } from './meetings-support.ts';

// Issue 17, "Done means" (vacancies): a company admin (the demo attendee runs Nebula Games) posts a
// vacancy in the UI; the demo student (general pass, Game design verified in the academy) responds
// with a PDF; the mail is in the local mailbox; the company admin sees the response and invites.
// axe at 375 and 1440 px on the list, the vacancy, the company's settings and its responses.

const baseURL = inject('baseURL');
const stamp = Date.now().toString(36);
const TITLE = `Systems designer ${stamp}`;
const ADMIN = { email: 'attendee@lobby.demo', password: 'Attendee-2026' };
const STUDENT = { email: 'student@lobby.demo', password: 'Student-2026' };
const TEACHER = { email: 'teacher@lobby.demo', password: 'Teacher-2026' };
const ORGANISER = { email: 'organizer@lobby.demo', password: 'Organizer-2026' };
let browser: Browser;
const contexts: BrowserContext[] = [];

/** A minimal one-page PDF, made on the spot. */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

async function signedIn(account: { email: string; password: string }): Promise<{ page: Page; errors: string[] }> {
  const opened = await openSignedIn(browser, baseURL, await tokenOf(account.email, account.password), { viewport: DESKTOP, timezoneId: 'Europe/Berlin' });
  contexts.push(opened.context);
  return opened;
}

/** No serious accessibility issue and nothing wider than the screen, on a phone and on a desktop. */
async function checkBothSizes(page: Page, ready: () => Promise<unknown>): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await ready();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  }
}

beforeAll(async () => {
  useServer(baseURL);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('vacancies in Chromium', () => {
  it('a company admin posts a vacancy, a student responds with a PDF, the company is mailed and invites them', async () => {
    const admin = await signedIn(ADMIN);

    // The company's settings: the demo vacancies, then a new one through the form.
    await admin.page.goto('/profile/settings/company-vacancies');
    await admin.page.getByTestId('company-vacancy-list').waitFor();
    await checkBothSizes(admin.page, () => admin.page.getByTestId('company-vacancy-list').waitFor());
    await admin.page.getByTestId('vacancy-new').click();
    await admin.page.getByTestId('vacancy-title').fill(TITLE);
    await admin.page.getByTestId('vacancy-seniority').selectOption('junior');
    await admin.page.getByTestId('vacancy-location').fill('Limassol');
    await admin.page.getByTestId('vacancy-remote-input').check();
    await admin.page.getByTestId('vacancy-skills').getByLabel('Game design').check();
    await admin.page.getByTestId('vacancy-skills').getByLabel('Prototyping').check();
    // The salary rule is checked in the browser too: an amount needs its currency.
    await admin.page.getByTestId('vacancy-salary-min').fill('40000');
    await admin.page.getByTestId('vacancy-save').click();
    await admin.page.getByText('Choose the currency of the salary.').waitFor();
    await admin.page.getByTestId('vacancy-salary-max').fill('55000');
    await admin.page.getByTestId('vacancy-currency').fill('eur');
    const closes = new Date(Date.now() + 14 * 24 * 3600_000).toISOString().slice(0, 10);
    await admin.page.getByTestId('vacancy-closes').fill(closes);
    await admin.page.getByTestId('vacancy-description').fill('## The role\n\nDesign **economies** and loops for our co-op games.');
    await checkBothSizes(admin.page, () => admin.page.getByTestId('vacancy-form').waitFor());
    await admin.page.getByTestId('vacancy-save').click();
    await admin.page.waitForURL(/\/profile\/settings\/company-vacancies$/);
    const posted = admin.page.getByTestId('company-vacancy').filter({ hasText: TITLE });
    await posted.waitFor();
    expect(await posted.textContent()).toContain('0 responses');

    // The student (general pass) finds it by search; the skill they proved in the academy is marked.
    const student = await signedIn(STUDENT);
    await student.page.goto(`/events/${SLUG}/vacancies`);
    await student.page.getByTestId('vacancies-list').waitFor();
    await student.page.getByTestId('vacancy-search').fill(stamp);
    await student.page.waitForURL(new RegExp(`[?&]q=${stamp}`));
    const card = student.page.getByTestId('vacancy-card').filter({ hasText: TITLE });
    await card.waitFor();
    await expect.poll(() => student.page.getByTestId('vacancy-card').count()).toBe(1);
    expect(await card.locator('[data-verified]').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Game design')]));
    await checkBothSizes(student.page, () => card.waitFor());
    // The search survives a reload: it is in the address.
    await student.page.reload();
    await card.waitFor();
    await card.getByRole('link', { name: TITLE }).click();
    await student.page.getByTestId('vacancy-page').waitFor();
    await student.page.getByRole('heading', { name: 'The role' }).waitFor();
    await student.page.getByTestId('respond-message').fill('I drew the core loop of Stardew Valley in the academy and would love to design yours.');
    // A picture is refused in the browser before anything is sent.
    await student.page.getByTestId('cv-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
    await student.page.getByText('This file is not a PDF, DOC or DOCX.').waitFor();
    await student.page.getByTestId('cv-input').setInputFiles({ name: 'Student CV.pdf', mimeType: 'application/pdf', buffer: pdf });
    await student.page.getByTestId('cv-chosen').waitFor();
    await checkBothSizes(student.page, () => student.page.getByTestId('respond-form').waitFor());
    await student.page.getByTestId('respond-submit').click();
    await student.page.getByText('Your response has been sent. The company has been notified and will see your CV.').waitFor();
    await student.page.getByTestId('my-response').waitFor();
    expect(await student.page.getByTestId('response-status').getAttribute('data-status')).toBe('new');
    expect(student.errors).toEqual([]);

    // The company's admin has the mail (e-mail type 3) in the local mailbox, with the link to the responses.
    await expect.poll(async () => (await mailsTo(ADMIN.email)).mails.filter((mail) => mail.kind === 'job_application' && mail.subject.includes(TITLE)).length).toBe(1);
    const mail = (await mailsTo(ADMIN.email)).mails.find((m) => m.subject.includes(TITLE));
    await admin.page.goto(`/mailbox/${mail?.id}`);
    const message = admin.page.getByTestId('mailbox-message');
    await message.waitFor();
    expect(await message.textContent()).toContain('I drew the core loop of Stardew Valley');
    const link = (await message.textContent())?.match(/\/profile\/settings\/company-vacancies\/\d+\/responses/)?.[0];
    expect(link).toBeDefined();

    // The responses page: the student's response, new when opened; the CV downloads; invited.
    await admin.page.goto(link ?? '/');
    const response = admin.page.getByTestId('vacancy-response');
    await response.waitFor();
    expect(await response.getByTestId('response-applicant').textContent()).toContain('Ivan Petrov');
    expect(await response.getByTestId('response-status').getAttribute('data-status')).toBe('new');
    expect(await response.textContent()).toContain('Verified in the academy: Game design, Prototyping');
    const download = admin.page.waitForEvent('download');
    await response.getByTestId('response-cv').click();
    expect((await download).suggestedFilename()).toBe('Student CV.pdf');
    await checkBothSizes(admin.page, () => response.waitFor());
    await response.getByTestId('response-invite').click();
    await admin.page.getByText(/is invited\./).waitFor();
    expect(await response.getByTestId('response-status').getAttribute('data-status')).toBe('invited');
    expect(admin.errors).toEqual([]);

    // The student sees the invitation on the vacancy and in their responses.
    await student.page.reload();
    await student.page.getByTestId('my-response').waitFor();
    expect(await student.page.getByTestId('response-status').getAttribute('data-status')).toBe('invited');
    const mine = await api('GET', `/api/v1/${((await api('GET', `/api/v1/events/${SLUG}`)).json.data as { id: number }).id}/vacancies/responses/mine`, await tokenOf(STUDENT.email, STUDENT.password));
    expect((mine.json.data as { vacancy: { title: string }; status: string }[]).find((r) => r.vacancy.title === TITLE)?.status).toBe('invited');
  });

  it('shows verified skills on the profile and the member page, the company page\'s vacancies, the other lists, the lesson\'s skills and the jobs feed', async () => {
    const eventId = ((await api('GET', `/api/v1/events/${SLUG}`)).json.data as { id: number }).id;
    const studentToken = await tokenOf(STUDENT.email, STUDENT.password);
    const studentMember = (await api('GET', `/api/v1/${eventId}/members/me`, studentToken)).json.data as { id: number };

    // The student's own profile and their member page (read by the attendee, who has a business pass).
    const student = await signedIn(STUDENT);
    await student.page.goto('/profile');
    const mySkills = student.page.getByTestId('my-verified-skills');
    await mySkills.waitFor();
    expect(await mySkills.textContent()).toContain('Core loops');
    await checkBothSizes(student.page, () => mySkills.waitFor());
    // The other views of the vacancies page: jobs from outside (no feed in the demo) and the student's responses.
    await student.page.goto(`/events/${SLUG}/vacancies?view=external`);
    await student.page.getByText('No jobs from outside').waitFor();
    await checkBothSizes(student.page, () => student.page.getByText('No jobs from outside').waitFor());
    await student.page.getByTestId('vacancies-view-mine').click();
    // The list when the first test ran before this one, the empty state when this one runs alone.
    const responses = student.page.getByTestId('my-responses').or(student.page.getByText('No responses yet'));
    await responses.waitFor();
    await checkBothSizes(student.page, () => responses.waitFor());
    // Only what matches the student's verified skills.
    await student.page.getByTestId('vacancies-view-list').click();
    // The box follows the address: it shows ticked once the navigation its click starts is done.
    await student.page.getByTestId('vacancy-matches-only').click();
    await student.page.waitForURL(/[?&]matches=1/);
    await expect.poll(() => student.page.getByTestId('vacancy-matches-only').isChecked()).toBe(true);
    await expect.poll(async () => (await student.page.getByTestId('vacancy-card').allTextContents()).every((text) => text.includes('You have verified'))).toBe(true);

    const admin = await signedIn(ADMIN);
    await admin.page.goto(`/events/${SLUG}/members/${studentMember.id}`);
    const memberSkills = admin.page.getByTestId('member-verified-skills');
    await memberSkills.waitFor();
    expect(await memberSkills.textContent()).toContain('Game design');
    await checkBothSizes(admin.page, () => memberSkills.waitFor());
    // Nebula Games' page lists its open vacancies.
    const nebula = ((await api('GET', `/api/v1/${eventId}/companies?filter%5Bquery%5D=Nebula`, await tokenOf(ADMIN.email, ADMIN.password))).json.data as { id: number; name: string }[]).find((c) => c.name === 'Nebula Games');
    await admin.page.goto(`/events/${SLUG}/companies/${nebula?.id}`);
    const open = admin.page.getByTestId('company-vacancies');
    await open.waitFor();
    expect(await open.textContent()).toContain('Level designer');
    await checkBothSizes(admin.page, () => open.waitFor());

    // The lesson editor: Core loops proves Game design and Prototyping.
    const teacher = await signedIn(TEACHER);
    const teacherToken = await tokenOf(TEACHER.email, TEACHER.password);
    const lessons = (await api('GET', `/api/v1/${eventId}/academy/lessons?per_page=100`, teacherToken)).json.data as { id: number; module_id: number; short_description: string }[];
    const loops = lessons.find((lesson) => lesson.short_description === 'Core loops');
    await teacher.page.goto(`/events/${SLUG}/academy-admin/modules/${loops?.module_id}/lessons/${loops?.id}/edit`);
    await teacher.page.getByTestId('lesson-editor').waitFor();
    await teacher.page.getByRole('tab', { name: 'Homework' }).click();
    const skills = teacher.page.getByTestId('lesson-skills');
    await skills.waitFor();
    expect(await skills.getByLabel('Game design').isChecked()).toBe(true);
    expect(await skills.getByLabel('Prototyping').isChecked()).toBe(true);
    await checkBothSizes(teacher.page, () => skills.waitFor());

    // The back office: the jobs feed next to the news sources.
    const organiser = await signedIn(ORGANISER);
    await organiser.page.goto(`/admin/events/${eventId}/news`);
    const feed = organiser.page.getByTestId('job-feed');
    await feed.waitFor();
    await organiser.page.getByTestId('job-feed-url').fill('ftp://jobs.example/feed');
    await feed.getByRole('button', { name: 'Save the feed' }).click();
    await feed.getByText('This address cannot be a jobs feed.').waitFor();
    await checkBothSizes(organiser.page, () => feed.waitFor());
    for (const opened of [student, admin, teacher, organiser]) expect(opened.errors).toEqual([]);
  });
});

