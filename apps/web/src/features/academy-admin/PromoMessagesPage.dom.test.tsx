// @vitest-environment jsdom
// The academy admin's promo messages in a DOM: the course admin's form (an empty message refused in
// the page, the e-mail switch and the Custom template picker, the body sent, the toast), the list
// of sent messages in the course timezone, and what a teacher sees.
import type { PromoMessage } from '@lobby/contract';
import { act } from 'react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { $, byTestId, click, initTexts, mountNode, stubApi, typeInto, unmountPage, until } from '../academy/harness.test-data.tsx';
import { AdminContext } from './context.ts';
import { PromoMessagesPage } from './PromoMessagesPage.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
beforeAll(initTexts);

afterEach(() => {
  unmountPage();
  vi.mocked(toast.success).mockReset();
});

const sent: PromoMessage = {
  id: 1,
  text: 'Module two opens Monday.',
  sender: { uid: 3, first_name: 'Ada', last_name: 'Lovelace' },
  channel_id: 'c0ffee00-0000-4000-8000-000000000009',
  emailed: true,
  email_template: { id: 41, name: 'Course news' },
  recipients: 12,
  created_at: '2026-12-01T09:00:00.000Z',
};

function mount(editor: boolean) {
  let list: PromoMessage[] = [sent];
  const calls = stubApi((method, path, body) => {
    if (path === '/api/v1/7/academy/admin/settings') return { body: { data: { timezone: 'Asia/Tokyo', certificate_text: '' } } };
    if (path === '/api/v1/7/academy/admin/promo-messages/templates') return { body: { data: [{ id: 41, name: 'Course news', type_id: 14 }] } };
    if (method === 'GET' && path === '/api/v1/7/academy/admin/promo-messages') return { body: { data: list, meta: { page: 1, per_page: 20, total: list.length, last_page: 1 } } };
    if (method === 'POST' && path === '/api/v1/7/academy/admin/promo-messages') {
      const input = body as { text: string; email: boolean };
      const made = { ...sent, id: 2, text: input.text, emailed: input.email, recipients: input.email ? 12 : 0, created_at: '2026-12-02T09:00:00.000Z' };
      list = [made, ...list];
      return { status: 201, body: { data: made } };
    }
    return undefined;
  });
  mountNode(
    <AdminContext.Provider value={{ eventId: 7, slug: 'summit', roomId: null, editor, reviewer: true, organiser: false }}>
      <PromoMessagesPage />
    </AdminContext.Provider>,
  );
  return calls;
}

const items = () => [...document.querySelectorAll('[data-testid="promo-item"]')].map((item) => item.textContent?.replace(/\s+/g, ' ').trim());

describe('the promo messages page', () => {
  it('lists what was sent in the course timezone, with how it was mailed', async () => {
    mount(true);
    await until(() => items().length === 1);
    expect(items()[0]).toBe('Ada Lovelace · 01.12.2026 at 18:00Module two opens Monday.Mailed to 12 students with "Course news".');
  });

  it('refuses an empty message in the page, then sends the text with the chosen template and says so', async () => {
    const calls = mount(true);
    await until(() => document.querySelectorAll('[data-testid="promo-template"] option').length === 2);
    click($('[data-testid="promo-send"]'));
    expect($('[data-testid="promo-form"]').textContent).toContain('Write the message first.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    typeInto($<HTMLTextAreaElement>('[data-testid="promo-text"]'), '  Office hours at 18:00.  ');
    const select = $<HTMLSelectElement>('[data-testid="promo-template"]');
    act(() => {
      select.value = '41';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    click($('[data-testid="promo-send"]'));
    await until(() => items().length === 2);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'Office hours at 18:00.', email: true, email_template_id: 41 });
    expect(toast.success).toHaveBeenCalledWith('The message is in the academy\'s promo channel and mailed to 12 students.');
    expect($<HTMLTextAreaElement>('[data-testid="promo-text"]').value).toBe('');
  });

  it('sends to the channel only when e-mail is off (no template picker then)', async () => {
    const calls = mount(true);
    await until(() => byTestId('promo-template') !== null);
    click($('[data-testid="promo-email"]'));
    expect(byTestId('promo-template')).toBeNull();
    typeInto($<HTMLTextAreaElement>('[data-testid="promo-text"]'), 'Chat only.');
    click($('[data-testid="promo-send"]'));
    await until(() => items().length === 2);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'Chat only.', email: false, email_template_id: null });
    expect(items()[0]).toContain('In the promo channel only.');
  });

  it('shows a teacher the sent messages without the form', async () => {
    mount(false);
    await until(() => items().length === 1);
    expect(byTestId('promo-form')).toBeNull();
    expect($('[data-testid="academy-promo"]').textContent).toContain('Course admins write to the students; here is what was sent.');
  });
});
