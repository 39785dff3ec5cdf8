import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, seriousViolations } from './browser.ts';

const baseURL = inject('baseURL');
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1440, height: 900 };
const PASSWORD = 'Company-e2e-2026';
let browser: Browser;

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${baseURL}${path}`, { method: init.method ?? 'GET', headers, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) });
  return { status: res.status, json: (await res.json().catch(() => null)) as T };
}

/** Registers a person through the mailbox link, as a person would, and answers their id and access token. */
async function registerPerson(email: string, first: string, last: string): Promise<{ id: number; token: string }> {
  expect((await api('/api/v1/auth/register', { method: 'POST', body: { email } })).status).toBeLessThan(300);
  const list = await api<{ data: { id: number }[] }>(`/api/v1/mailbox?filter[to]=${encodeURIComponent(email)}`);
  const mailId = list.json.data[0]?.id;
  const mail = await api<{ data: { text: string } }>(`/api/v1/mailbox/${mailId}`);
  const token = /register\?token=([A-Za-z0-9_.~-]+)/.exec(mail.json.data.text)?.[1];
  const done = await api<{ data: { access_token: string } }>('/api/v1/auth/register/complete', { method: 'POST', body: { token, first_name: first, last_name: last, password: PASSWORD, password_confirmation: PASSWORD } });
  expect(done.status).toBeLessThan(300);
  const me = await api<{ data: { id: number } }>('/api/v1/users/me', { token: done.json.data.access_token });
  return { id: me.json.data.id, token: done.json.data.access_token };
}

async function signIn(page: Page, email: string) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-menu').waitFor();
}

const stamp = Date.now().toString(36);
const adminEmail = `company-admin-${stamp}@example.test`;
const memberEmail = `company-member-${stamp}@example.test`;
let admin: { id: number; token: string };
let member: { id: number; token: string };
let companyId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await registerPerson(adminEmail, 'Ada', 'Admin');
  member = await registerPerson(memberEmail, 'Bob', 'Member');
  const event = await api<{ data: { id: number } }>('/api/v1/events/lobby-summit');
  for (const person of [admin, member]) expect((await api('/api/v1/events/lobby-summit/register', { method: 'POST', token: person.token })).status).toBeLessThan(300);
  const created = await api<{ data: { id: number } }>('/api/v1/companies', {
    method: 'POST',
    token: admin.token,
    body: { name: `Studio ${stamp}`, business: [1, 2], tags: [1], site: 'studio.example', description: 'We make **games**.\n\n- Indie\n- Mobile', has_chat: true, event_id: event.json.data.id },
  });
  expect(created.status).toBe(201);
  companyId = created.json.data.id;
  // The second person picks the company in their profile: one of its people, with no roles yet.
  expect((await api('/api/v1/users/me', { method: 'PATCH', token: member.token, body: { company_id: companyId } })).status).toBe(200);
  // Lobby Summit requires a job (and a company): with them the event opens without the fill-profile step.
  for (const person of [admin, member]) expect((await api('/api/v1/users/me', { method: 'PATCH', token: person.token, body: { job: 'Producer' } })).status).toBe(200);
});
afterAll(() => browser.close());

describe('company members', () => {
  it('lets the company admin give a member the chat role', async () => {
    const { context, page, errors } = await openPage(browser, baseURL, { viewport: DESKTOP });
    await signIn(page, adminEmail);
    await page.goto('/profile/settings/company-members');
    const row = page.locator(`[data-testid="company-person"][data-user-id="${member.id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('person-roles').innerText()).toBe('');
    const saved = page.waitForResponse((res) => res.url().endsWith(`/api/v1/companies/${companyId}/set-role`) && res.status() === 200);
    await row.getByTestId('role-chat').check();
    await saved;
    await expect.poll(() => row.getByTestId('person-roles').innerText()).toContain('Chat');
    expect(await page.getByTestId('company-edit-forbidden').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a plain member: no role controls, "company edit forbidden", and the API says 403', async () => {
    const { context, page } = await openPage(browser, baseURL, { viewport: DESKTOP });
    await signIn(page, memberEmail);
    await page.goto('/profile/settings/company-members');
    await page.getByTestId('company-edit-forbidden').waitFor();
    expect(await page.getByTestId('company-edit-forbidden').innerText()).toContain('company edit forbidden');
    await page.getByTestId('company-people').waitFor();
    expect(await page.getByTestId('role-admin').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/profile/settings/company');
    await page.getByTestId('company-read-only').waitFor();
    expect(await page.getByTestId('company-form').count()).toBe(0);
    const refused = await api<{ error: { code: string } }>(`/api/v1/companies/${companyId}/set-role`, { method: 'POST', token: member.token, body: { user_id: member.id, roles: ['chat', 'admin'] } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('company.edit_forbidden');
    await context.close();
  });
});

describe('company settings', () => {
  it('shows "no company" to a person without one, who then creates it through the form', async () => {
    const email = `company-founder-${stamp}@example.test`;
    await registerPerson(email, 'Fay', 'Founder');
    const { context, page, errors } = await openPage(browser, baseURL, { viewport: PHONE });
    await signIn(page, email);
    await page.goto('/profile/settings/company-members');
    await page.getByTestId('no-company').waitFor();
    expect(await page.getByTestId('no-company').innerText()).toContain('no company specified');
    await page.goto('/profile/settings/company');
    await page.getByTestId('company-form').waitFor();
    // Pictures come once the company exists (the upload needs its id).
    expect(await page.getByText('Add a logo and a cover once the company is created.').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Company name').fill(`Founded ${stamp}`);
    // The rule "company needs at least one value": refused in the browser before any call.
    await page.getByTestId('company-save').click();
    await page.getByText('Choose at least one value.').waitFor();
    await page.getByLabel('Game developer').check();
    const created = page.waitForResponse((res) => res.url().endsWith('/api/v1/companies') && res.request().method() === 'POST');
    await page.getByTestId('company-save').click();
    expect((await created).status()).toBe(201);
    // The person is now its admin: the settings page turns into the edit form with their company.
    await expect.poll(() => page.getByLabel('Company name').inputValue()).toBe(`Founded ${stamp}`);
    await page.getByTestId('company-logo').waitFor();
    await page.goto('/profile/settings/company-members');
    await page.getByTestId('company-people').waitFor();
    expect(await page.getByTestId('role-admin').isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('companies pages', () => {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['375', PHONE],
  ] as const) {
    it(`the list and a company page are axe-clean at ${label} px`, async () => {
      const { context, page, errors } = await openPage(browser, baseURL, { viewport });
      await signIn(page, adminEmail);
      await page.goto('/events/lobby-summit/companies');
      await page.getByTestId('companies-list').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      // The demo's three dozen companies come first by sponsor tier: find this one by name.
      await page.getByLabel('Search companies').fill(stamp);
      await page.getByRole('link', { name: `Studio ${stamp}` }).click();
      await page.waitForURL(`**/events/lobby-summit/companies/${companyId}`);
      await page.getByTestId('company-page').waitFor();
      expect(await page.getByTestId('notes-panel').count()).toBe(1);
      expect(await page.getByTestId('company-has-chat').count()).toBe(1);
      expect(await page.getByTestId('company-page').locator('strong').first().innerText()).toBe('games');
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
