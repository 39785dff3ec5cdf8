import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, seriousViolations } from './browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());
beforeEach(async () => {
  ({ context, page } = await openPage(browser, baseURL));
});
afterEach(() => context.close());

/** Opens the newest mail to `email` in the local mailbox and answers its text. */
async function readNewestMail(mailbox: Page, email: string, subject: string): Promise<void> {
  await mailbox.goto('/mailbox');
  const item = mailbox.getByTestId('mailbox-list').getByRole('link').filter({ hasText: email }).filter({ hasText: subject }).first();
  await item.click();
  await mailbox.getByTestId('mailbox-message').getByRole('heading', { name: subject }).waitFor();
}

async function signOutWithMenu(target: Page) {
  await target.getByTestId('user-menu').click();
  await target.getByTestId('sign-out').click();
  await target.getByTestId('sign-in-link').waitFor();
}

describe('accounts in Chromium', () => {
  const email = `e2e.${Date.now()}@example.test`;

  it('registers through the mailbox link, signs out, signs in with a magic code', async () => {
    await page.goto('/auth/register');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByTestId('register-form-sent').waitFor();

    await readNewestMail(page, email, 'Finish your Lobby registration');
    await page.getByTestId('mailbox-message').getByRole('link', { name: /\/auth\/register\?token=/ }).click();
    await page.getByTestId('register-complete-form').waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Password', { exact: true }).fill('analytical engine');
    await page.getByLabel('Repeat the password').fill('analytical engine 2');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByText('The passwords must match.').waitFor();
    await page.getByLabel('Repeat the password').fill('analytical engine');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByTestId('user-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/events');

    await signOutWithMenu(page);

    await page.goto('/auth/login');
    await page.getByRole('tab', { name: 'Code by mail' }).click();
    await page.getByTestId('magic-code-form').getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByTestId('code-form').waitFor();

    const mailbox = await context.newPage();
    await readNewestMail(mailbox, email, 'Your Lobby sign-in code');
    const text = await mailbox.getByTestId('mailbox-message').locator('pre').innerText();
    const code = /^\d{4}$/m.exec(text)?.[0] ?? '';
    await mailbox.close();

    await page.getByLabel('Code from the mail').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('user-menu').waitFor();
  });

  it('logging out in one tab sends the other tab to the login page', async () => {
    await page.goto('/auth/login');
    await page.getByLabel('E-mail').fill('attendee@lobby.demo');
    await page.getByLabel('Password').fill('Attendee-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('user-menu').waitFor();

    const second = await context.newPage();
    await second.goto('/profile/settings/security');
    await second.getByRole('heading', { name: 'Security' }).waitFor();

    await signOutWithMenu(page);
    await second.waitForURL('**/auth/login');
    await second.getByRole('heading', { name: 'Sign in to Lobby' }).waitFor();
  });

  it('sends a guest from a signed-in page to auth-login and back after signing in', async () => {
    await page.goto('/profile/settings/security');
    await page.waitForURL('**/auth/login?redirect=%2Fprofile%2Fsettings%2Fsecurity');
    await page.getByLabel('E-mail').fill('speaker@lobby.demo');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect e-mail or password.').waitFor();
    await page.getByLabel('Password').fill('Speaker-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/profile/settings/security');
    // Guest-only pages send a signed-in person home.
    await page.goto('/auth/register');
    await page.waitForURL('**/events');
  });

  it('refreshes a rejected access token once, and signs out when the refresh fails too', async () => {
    await page.goto('/auth/login');
    await page.getByLabel('E-mail').fill('student@lobby.demo');
    await page.getByLabel('Password').fill('Student-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('user-menu').waitFor();
    const tamper = () =>
      page.evaluate(() => {
        const entry = document.cookie.split('; ').find((part) => part.startsWith('gateway-auth='));
        const value = JSON.parse(decodeURIComponent(entry?.slice('gateway-auth='.length) ?? '{}')) as Record<string, unknown>;
        document.cookie = `gateway-auth=${encodeURIComponent(JSON.stringify({ ...value, access_token: 'forged.token.value' }))}; Path=/; SameSite=Strict`;
      });
    await tamper();
    const refreshed = page.waitForResponse((res) => res.url().endsWith('/api/v1/auth/refresh') && res.status() === 200);
    await page.goto('/profile/settings/security');
    await refreshed;
    await page.getByText('student@lobby.demo').waitFor();

    // Without the HttpOnly refresh cookie the refresh fails: the person is signed out.
    await context.clearCookies({ name: 'lobby_refresh' });
    await tamper();
    await page.goto('/profile/settings/security');
    await page.waitForURL('**/auth/login');
  });

  it("sets the profile timezone to the browser's, and a magic link works while signed in", async () => {
    const tokyo = await browser.newContext({ baseURL, timezoneId: 'Asia/Tokyo', viewport: { width: 1280, height: 800 } });
    const tab = await tokyo.newPage();
    await tab.goto('/auth/login');
    await tab.getByLabel('E-mail').fill('organizer@lobby.demo');
    await tab.getByLabel('Password').fill('Organizer-2026');
    const patched = tab.waitForResponse((res) => res.url().endsWith('/api/v1/users/me') && res.request().method() === 'PATCH');
    await tab.getByRole('button', { name: 'Sign in' }).click();
    expect((await (await patched).json()).data.timezone).toBe('Asia/Tokyo');

    // Signed in as the organiser, open a link mailed to the speaker: it signs in as the speaker.
    await tab.evaluate(() => fetch('/api/v1/auth/magic-link', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'speaker@lobby.demo' }) }));
    await readNewestMail(tab, 'speaker@lobby.demo', 'Your Lobby sign-in link');
    await tab.getByTestId('mailbox-message').getByRole('link', { name: /\/auth\/magic\// }).click();
    await tab.waitForURL('**/events');
    await tab.getByTestId('user-menu').click();
    expect(await tab.getByRole('menu').innerText()).toContain('speaker@lobby.demo');
    await tokyo.close();
  });

  it('signs in with Google against the local OpenID Connect provider', async () => {
    await page.goto('/auth/login');
    await page.getByTestId('google-sign-in').click();
    await page.getByRole('heading', { name: 'Sign in to the test provider' }).waitFor();
    await page.getByLabel('E-mail').fill('grace.e2e@example.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('user-menu').waitFor();
    await page.getByTestId('user-menu').click();
    expect(await page.getByRole('menu').innerText()).toContain('Grace Hopper');
  });

  it('shows login and form messages in Russian', async () => {
    await page.goto('/auth/login');
    await Promise.all([page.waitForEvent('load'), page.getByTestId('language-switch').selectOption('ru')]);
    await page.getByRole('heading', { name: 'Вход в Lobby' }).waitFor();
    await page.getByRole('button', { name: 'Войти' }).click();
    expect(await page.getByRole('alert').first().innerText()).toBe('Обязательное поле.');
  });
});
