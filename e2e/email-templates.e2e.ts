// The back office's e-mail templates (contract.md section 7 "Email templates (admin)", "Email template
// types") and a ticket type's meeting quota, in Chromium at 1440 and 375 px.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, seriousViolations } from './browser.ts';

const baseURL = inject('baseURL');
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1440, height: 900 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function signIn(page: Page) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill('organizer@lobby.demo');
  await page.getByLabel('Password').fill('Organizer-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-menu').waitFor();
}

/**
 * axe's default run injects itself into every frame and never returns from the preview's
 * `sandbox=""` frame (scripts are blocked there); the legacy run gives such a frame up after a
 * second. The frame holds the mail as the server renders it, not this page's controls.
 */
async function seriousViolationsBesidePreview(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).setLegacyMode().options({ iframes: false }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Serious axe findings at both widths, and no sideways scrolling on the phone. */
async function checkLayouts(page: Page, ready: () => Promise<void>) {
  const hasPreview = (await page.locator('iframe[sandbox]').count()) > 0;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await ready();
    expect(await (hasPreview ? seriousViolationsBesidePreview(page) : seriousViolations(page)), `axe at ${size.width} px`).toEqual([]);
    if (size === PHONE) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  }
  await page.setViewportSize(DESKTOP);
}

describe('e-mail templates and meeting quota in the back office', () => {
  const name = `Meeting request e2e ${Date.now().toString(36)}`;
  let page: Page;
  let eventPath = '';

  beforeAll(async () => {
    ({ page } = await openPage(browser, baseURL));
    page.setDefaultTimeout(20_000);
    await signIn(page);
    await page.goto('/admin');
    await page.getByRole('link', { name: /Lobby Summit/ }).click();
    await page.getByTestId('event-form').waitFor();
    eventPath = new URL(page.url()).pathname.replace(/\/settings$/, '');
  });
  afterAll(() => page.context().close());

  it('creates a MeetingRequestSent template with variables from the chips, a live preview, and finds it in the list', async () => {
    await page.getByRole('navigation', { name: 'Event settings' }).getByRole('link', { name: 'E-mail templates' }).click();
    await page.waitForURL(`**${eventPath}/emails`);
    const list = page.getByTestId('email-templates-page');
    await list.waitFor();
    await checkLayouts(page, () => page.getByRole('link', { name: 'New template' }).first().waitFor());

    await page.getByRole('link', { name: 'New template' }).first().click();
    await page.waitForURL(`**${eventPath}/emails/new`);
    const form = page.getByTestId('email-template-form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Type').selectOption({ label: 'Meeting request sent' });
    await expect.poll(() => form.getByRole('tab', { selected: true }).innerText()).toContain('English');
    const subject = form.getByLabel('Subject');
    const body = form.getByLabel('Text', { exact: true });
    await subject.fill('Meeting request from ');
    await form.getByRole('button', { name: /\{\{other\}\}/ }).click();
    await body.fill('Hello!\n\nYou are invited to meet at ');
    await form.getByRole('button', { name: /\{\{when\}\}/ }).click();
    expect(await subject.inputValue()).toBe('Meeting request from {{other}}');
    expect(await body.inputValue()).toBe('Hello!\n\nYou are invited to meet at {{when}}');

    // The preview fills the server's sample values, in a sandboxed frame.
    const preview = page.getByTestId('email-preview');
    await expect.poll(() => preview.getByTestId('email-preview-subject').textContent(), { timeout: 15_000 }).toContain('Meeting request from Wei Zhang');
    const frame = preview.getByTestId('email-preview-frame');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await expect.poll(() => frame.getAttribute('srcdoc'), { timeout: 15_000 }).toContain('You are invited to meet at 25.11.2026 14:30');

    await form.getByRole('button', { name: 'Create the template' }).click();
    await page.waitForURL(new RegExp(`${eventPath}/emails/\\d+$`));
    await page.getByText('Template saved.').first().waitFor();
    await checkLayouts(page, () => page.getByTestId('email-preview-subject').waitFor());

    await page.getByRole('link', { name: '← All templates' }).click();
    await page.getByLabel('Search by name').fill(name);
    await page.getByLabel('Type').selectOption({ label: 'Meeting request sent' });
    const item = page.getByTestId('email-templates').getByRole('link', { name: new RegExp(name) });
    await item.waitFor();
    expect(await item.innerText()).toContain('Meeting request sent');
    await page.getByLabel('Search by name').fill(`${name} none such`);
    await page.getByText('Nothing found').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await item.waitFor();
  });

  it('edits the template, refuses a second one of the same type (409), deletes it after a confirmation', async () => {
    await page.getByTestId('email-templates').getByRole('link', { name: new RegExp(name) }).click();
    const form = page.getByTestId('email-template-form');
    await form.waitFor();
    const editPath = new URL(page.url()).pathname;
    expect(await form.getByLabel('Type').isDisabled()).toBe(true);
    await form.getByLabel('Subject').fill('Meet {{other}} at Lobby Summit');
    await form.getByRole('button', { name: 'Save the template' }).click();
    await page.getByText('Template saved.').first().waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId('email-template-form').getByLabel('Subject').inputValue()).toBe('Meet {{other}} at Lobby Summit');

    await page.goto(`${eventPath}/emails/new`);
    const second = page.getByTestId('email-template-form');
    await second.getByLabel('Name').fill(`${name} twin`);
    await second.getByLabel('Type').selectOption({ label: 'Meeting request sent' });
    await second.getByLabel('Subject').fill('Again {{other}}');
    await second.getByLabel('Text', { exact: true }).fill('At {{when}}');
    await second.getByRole('button', { name: 'Create the template' }).click();
    await second.getByRole('alert').filter({ hasText: 'This event already has a template of that type: edit it instead.' }).waitFor();

    await page.goto(`${eventPath}/emails/999999`);
    await page.getByText('Template not found').waitFor();

    await page.goto(editPath);
    await page.getByTestId('delete-email-template').click();
    const dialog = page.getByRole('dialog', { name: 'Delete the template?' });
    await dialog.getByRole('button', { name: 'Delete the template' }).click();
    await page.waitForURL(`**${eventPath}/emails`);
    await page.getByText('Template deleted.').first().waitFor();
    await page.getByLabel('Search by name').fill(name);
    await page.getByText(/No templates yet|Nothing found/).first().waitFor();
  });

  it("sets a ticket type's meeting quota and sees it saved", async () => {
    await page.goto(`${eventPath}/tickets`);
    const row = page.getByTestId('ticket-types').getByRole('listitem').filter({ hasText: 'Service provider pass' });
    await row.getByRole('button', { name: 'Edit' }).click();
    let form = page.getByTestId('ticket-form');
    await form.getByLabel('Meeting quota').fill('12');
    await form.getByRole('button', { name: 'Save' }).click();
    await row.getByText('open meeting requests: up to 12').waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    form = page.getByTestId('ticket-form');
    expect(await form.getByLabel('Meeting quota').inputValue()).toBe('12');
    await checkLayouts(page, () => form.getByLabel('Meeting quota').waitFor());
    // Back to the default, so other tests meet the seeded ticket.
    await form.getByLabel('Meeting quota').fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await row.getByText('open meeting requests: up to 10').waitFor();
  });
});
