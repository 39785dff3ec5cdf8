// Form blocks of organiser pages (issue 14, second part): members send answers (checked per field,
// one row per person and form, rate-limited, the chosen e-mail template mailed to them); organisers
// list and export them as CSV.
import { BlockType, EmailType, ErrorCode, FORM_VALUE_MESSAGES, type AdminPage, type FormSubmission } from '@lobby/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplates, outbox, pageFormSubmissions } from '../src/db/schema/index.ts';
import { addMembership, authHeader, createEvent, createTicketType, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
type Headers = Record<string, string>;
let eventId: number;
let otherEventId: number;
let organiser: Headers;
let otherOrganiser: Headers;
let staff: Headers;
let member: Headers;
let generalMember: Headers;
let outsider: Headers;
let pageId: number;
let otherPageId: number;
let templateId: number;
let customTemplateId: number;
let foreignTemplateId: number;

const db = () => t.database.db;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers | undefined, payload?: unknown) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const submit = (headers: Headers | undefined, blockId: string, values: Record<string, unknown>, slug = 'signup', event = eventId) => call('POST', `/api/v1/${event}/pages/${slug}/forms/${blockId}`, headers, { values });
const admin = (page = pageId, event = eventId) => `/api/admin/v1/events/${event}/pages/${page}/submissions`;

let uuids = 0;
const block = (id: number, blockId: string, editorData: Record<string, unknown>, hidden = false) => ({ id, uuid: `0b7c1e52-3a4d-4e8f-9a1b-${String(++uuids).padStart(12, '0')}`, blockId, hidden, editorData });
const registerFields = [
  { id: 'name', label: 'Your name', kind: 'text', required: true },
  { id: 'email', label: 'E-mail for the badge', kind: 'email', required: true },
  { id: 'role', label: 'Role', kind: 'select', required: true, options: ['Programmer', 'Artist', 'Producer'] },
  { id: 'notes', label: 'Notes', kind: 'textarea' },
  { id: 'agree', label: 'I agree to the rules', kind: 'checkbox', required: true },
];
const form = (blockId: string, extra: Record<string, unknown> = {}, hidden = false) =>
  block(BlockType.Form, blockId, { title: `Form ${blockId}`, fields: [{ id: 'comment', label: 'Comment', kind: 'text', required: true }], submitText: 'Send', ...extra }, hidden);
const good = { name: 'Mei Lin', email: 'mei@example.com', role: 'Artist', agree: true };

async function person(values: { event?: number | null; organiser?: boolean; kind?: 'general' | 'standard'; isStaff?: boolean; language?: string } = {}) {
  const user = await createUser(db(), { ...(values.isStaff ? { isStaff: true } : {}), ...(values.language ? { language: values.language } : {}) });
  const event = values.event === undefined ? eventId : values.event;
  if (event !== null) {
    const ticket = await createTicketType(db(), event, { code: `t${user.id}`, kind: values.kind ?? 'standard' });
    await addMembership(db(), event, user.id, { ticketTypeId: ticket.id, isOrganizer: values.organiser ?? false });
  }
  return { user, headers: await authHeader(db(), t.config.secret, user.id) };
}

async function makePage(event: number, headers: Headers, slug: string, blocks: unknown[], published = true) {
  const res = await call('POST', `/api/admin/v1/events/${event}/pages`, headers, { slug, kind: 'stub', title: `Page ${slug}`, published, content: { version: 1, blocks } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: AdminPage }>().data;
}

async function template(event: number, typeId: number) {
  const translations = {
    en: { subject: 'Thanks, {{name}}', body: 'Hello {{name}}, your answers to {{event}} are in.' },
    ru: { subject: 'Спасибо, {{name}}', body: 'Здравствуйте, {{name}}! Ответы для {{event}} получены.' },
  };
  const [row] = await db().insert(emailTemplates).values({ eventId: event, typeId, name: `Form mail ${typeId}`, translations }).returning();
  if (!row) throw new Error('no template row');
  return row.id;
}

/** RFC 4180: quoted cells, doubled quotes, CRLF between rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  eventId = (await createEvent(db(), { name: 'Pixel Summit' })).id;
  otherEventId = (await createEvent(db())).id;
  organiser = (await person({ organiser: true })).headers;
  otherOrganiser = (await person({ event: otherEventId, organiser: true })).headers;
  staff = (await person({ event: null, isStaff: true })).headers;
  member = (await person()).headers;
  generalMember = (await person({ kind: 'general' })).headers;
  outsider = (await person({ event: otherEventId })).headers;
  templateId = await template(eventId, EmailType.EventRegistrationExistingUser);
  customTemplateId = await template(eventId, EmailType.Custom);
  foreignTemplateId = await template(otherEventId, EmailType.EventRegistrationExistingUser);
  const page = await makePage(eventId, organiser, 'signup', [
    block(BlockType.Markdown, 'intro', { text: 'Sign up for the workshop.' }),
    block(BlockType.Form, 'register', { title: 'Workshop sign-up', fields: registerFields, submitText: 'Sign up', emailTemplateId: templateId }),
    form('feedback', { title: 'Feedback', fields: [{ id: 'comment', label: 'Comment', kind: 'textarea', required: true }, { id: 'mail', label: 'E-mail for the badge', kind: 'email' }] }),
    form('secret', {}, true),
    form('lost-template', { emailTemplateId: 2_000_000 }),
    form('custom-template', { emailTemplateId: customTemplateId }),
    form('foreign-template', { emailTemplateId: foreignTemplateId }),
  ]);
  pageId = page.id;
  await makePage(eventId, organiser, 'draft', [form('register')], false);
  otherPageId = (await makePage(otherEventId, otherOrganiser, 'elsewhere', [form('register')])).id;
});

afterAll(async () => {
  await t?.close();
});

describe('sending a form', () => {
  it('stores the answers, and sending again replaces them (one row, replaced: true)', async () => {
    const { user, headers } = await person();
    const first = await submit(headers, 'register', { ...good, notes: '  Vegetarian  ' });
    expect(first.statusCode, first.body).toBe(201);
    const sent = first.json<{ data: { id: number; replaced: boolean } }>().data;
    expect(sent.replaced).toBe(false);
    const again = await submit(headers, 'register', { ...good, role: 'Producer' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({ id: sent.id, replaced: true });
    const rows = await db().select().from(pageFormSubmissions).where(eq(pageFormSubmissions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventId, pageId, blockId: 'register', formTitle: 'Workshop sign-up', values: { ...good, role: 'Producer' } });
  });

  it('refuses bad answers with 422 and each field under values.<key> with its message', async () => {
    const res = await submit(member, 'register', { name: '   ', email: 'not-mail', role: 'Dancer', agree: 'yes', extra: 'x' });
    expect(res.statusCode).toBe(422);
    const error = res.json<{ error: { code: string; details: { fields: { field: string; message: string; key: string }[] } } }>().error;
    expect(error.code).toBe(ErrorCode.validation);
    expect(error.details.fields).toEqual(
      expect.arrayContaining([
        { field: 'values.extra', message: FORM_VALUE_MESSAGES.unknown, key: 'unknown', params: {} },
        { field: 'values.name', message: FORM_VALUE_MESSAGES.required, key: 'required', params: {} },
        { field: 'values.email', message: FORM_VALUE_MESSAGES.email, key: 'email', params: {} },
        { field: 'values.role', message: FORM_VALUE_MESSAGES.option, key: 'option', params: {} },
        { field: 'values.agree', message: FORM_VALUE_MESSAGES.kind, key: 'kind', params: {} },
      ]),
    );
    const unticked = await submit(member, 'register', { ...good, agree: false });
    expect(unticked.json().error.details.fields).toEqual([{ field: 'values.agree', message: FORM_VALUE_MESSAGES.required, key: 'required', params: {} }]);
    // Input the contract refuses outright: 400.
    expect((await submit(member, 'register', { name: { nested: true } })).statusCode).toBe(400);
    expect((await call('POST', `/api/v1/${eventId}/pages/signup/forms/register`, member, {})).statusCode).toBe(400);
  });

  it('answers 404 for a block that is not a visible form of a published page of this event', async () => {
    for (const blockId of ['nothing', 'intro', 'secret']) {
      const res = await submit(member, blockId, { comment: 'hi' });
      expect(res.statusCode, blockId).toBe(404);
      expect(res.json().error).toMatchObject({ code: ErrorCode.pageFormNotFound, message: 'This page has no such form.' });
    }
    for (const slug of ['draft', 'elsewhere', 'no-page']) {
      const res = await submit(member, 'register', good, slug);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json().error.code).toBe(ErrorCode.pageNotFound);
    }
    expect(await db().select().from(pageFormSubmissions).where(eq(pageFormSubmissions.blockId, 'secret'))).toEqual([]);
  });

  it('is for those who may read the page: general ticket 403 section.locked, outsiders 403, guests 401; organisers and staff may', async () => {
    const general = await submit(generalMember, 'feedback', { comment: 'hi' });
    expect(general.statusCode).toBe(403);
    expect(general.json().error).toMatchObject({ code: ErrorCode.sectionLocked, details: { section: 'pages' } });
    expect((await submit(outsider, 'feedback', { comment: 'hi' })).statusCode).toBe(403);
    expect((await submit(outsider, 'register', { comment: 'hi' }, 'elsewhere', otherEventId)).statusCode).toBe(201);
    expect((await submit(undefined, 'feedback', { comment: 'hi' })).statusCode).toBe(401);
    expect((await submit(organiser, 'feedback', { comment: 'From the organiser' })).statusCode).toBe(201);
    expect((await submit(staff, 'feedback', { comment: 'From staff' })).statusCode).toBe(201);
  });

  it('keeps one row for 20 sends of one person at once, and refuses those past 10 a minute with 429', async () => {
    const { user, headers } = await person();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => submit(headers, 'feedback', { comment: `Attempt ${i}` })));
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const refused = results.find((res) => res.statusCode === 429);
    expect(refused?.json().error.code).toBe(ErrorCode.tooManyRequests);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    const created = results.filter((res) => res.statusCode === 201).map((res) => res.json<{ data: { id: number; replaced: boolean } }>().data);
    expect(new Set(created.map((data) => data.id)).size).toBe(1);
    expect(created.filter((data) => !data.replaced)).toHaveLength(1);
    expect(await db().select().from(pageFormSubmissions).where(and(eq(pageFormSubmissions.userId, user.id), eq(pageFormSubmissions.blockId, 'feedback')))).toHaveLength(1);
    // The count is per page: the page's other forms wait too.
    expect((await submit(headers, 'register', good)).statusCode).toBe(429);
  });
});

describe("the form's e-mail", () => {
  it("mails the chosen template to the sender in their language, with their name and the event's", async () => {
    const { user, headers } = await person({ language: 'ru' });
    expect((await submit(headers, 'register', good)).statusCode).toBe(201);
    const mails = await db().select().from(outbox).where(eq(outbox.toEmail, user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'page_form', language: 'ru', subject: `Спасибо, ${user.firstName}` });
    expect(mails[0]?.text).toContain(`Здравствуйте, ${user.firstName}! Ответы для Pixel Summit получены.`);

    const english = await person({ language: 'zh' });
    expect((await submit(english.headers, 'register', good)).statusCode).toBe(201);
    const [fallback] = await db().select().from(outbox).where(eq(outbox.toEmail, english.user.email));
    // No Chinese text in the template: English.
    expect(fallback).toMatchObject({ kind: 'page_form', language: 'zh', subject: `Thanks, ${english.user.firstName}` });
  });

  it('skips a template that is gone, of type Custom or of another event, and still stores the answers', async () => {
    const { user, headers } = await person();
    for (const blockId of ['lost-template', 'custom-template', 'foreign-template', 'feedback']) {
      const res = await submit(headers, blockId, { comment: 'Hello' });
      expect(res.statusCode, `${blockId}: ${res.body}`).toBe(201);
    }
    expect(await db().select().from(pageFormSubmissions).where(eq(pageFormSubmissions.userId, user.id))).toHaveLength(4);
    expect(await db().select().from(outbox).where(eq(outbox.toEmail, user.email))).toEqual([]);
  });
});

describe('submissions in the back office', () => {
  let exportPageId: number;

  beforeAll(async () => {
    exportPageId = (
      await makePage(eventId, organiser, 'export', [
        block(BlockType.Form, 'talk', {
          title: 'Talk proposal',
          fields: [
            { id: 'title', label: 'Talk title', kind: 'text', required: true },
            { id: 'email', label: 'Contact e-mail', kind: 'email' },
            { id: 'first', label: 'First time speaking', kind: 'checkbox' },
          ],
          submitText: 'Propose',
        }),
        block(BlockType.Form, 'volunteer', { fields: [{ id: 'contact', label: 'Contact e-mail', kind: 'email', required: true }, { id: 'shift', label: 'Shift', kind: 'select', options: ['Morning', 'Evening'] }], submitText: 'Join' }),
      ])
    ).id;
    // Tabs and carriage returns lead no stored answer (answers are trimmed); export.test.ts covers them.
    const dangerous = ['=HYPERLINK("https://evil.example","x")', '+1+2', '-3', '@SUM(A1)', 'Plain, "quoted"\nline'];
    for (const title of dangerous) {
      const { headers } = await person();
      expect((await submit(headers, 'talk', { title, email: 'a@example.com', first: true }, 'export')).statusCode).toBe(201);
    }
    const { headers } = await person();
    expect((await submit(headers, 'volunteer', { contact: 'v@example.com', shift: 'Evening' }, 'export')).statusCode).toBe(201);
  });

  it('lists a page’s submissions newest first with the sender, optionally of one form', async () => {
    const res = await call('GET', `${admin()}?per_page=3`, organiser);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: FormSubmission[]; meta: { total: number; per_page: number } }>();
    expect(body.meta.per_page).toBe(3);
    expect(body.data).toHaveLength(3);
    const times = body.data.map((s) => s.updated_at);
    expect([...times].sort().reverse()).toEqual(times);
    const all = await call('GET', `${admin()}?per_page=100`, staff);
    const items = all.json<{ data: FormSubmission[]; meta: { total: number } }>();
    expect(items.meta.total).toBe(items.data.length);
    const registered = items.data.find((s) => s.block_id === 'register' && s.values.notes === undefined);
    expect(registered).toMatchObject({ form_title: 'Workshop sign-up', user: { email: expect.stringContaining('@example.test') } });
    // The answers in the form's field order.
    expect(Object.keys(registered?.values ?? {})).toEqual(['name', 'email', 'role', 'agree']);

    const only = await call('GET', `${admin()}?block_id=feedback&per_page=100`, organiser);
    const feedback = only.json<{ data: FormSubmission[] }>().data;
    expect(feedback.length).toBeGreaterThan(0);
    expect(feedback.every((s) => s.block_id === 'feedback')).toBe(true);
  });

  it('is for the organisers: members 403, another event’s organisers 403, another event’s page 404, a bad block id 400', async () => {
    expect((await call('GET', admin(), member)).statusCode).toBe(403);
    expect((await call('GET', admin(), otherOrganiser)).statusCode).toBe(403);
    expect((await call('GET', `${admin()}/export`, member)).statusCode).toBe(403);
    expect((await call('GET', admin(otherPageId), organiser)).statusCode).toBe(404);
    expect((await call('GET', `${admin(otherPageId)}/export`, organiser)).statusCode).toBe(404);
    expect((await call('GET', admin(otherPageId, otherEventId), organiser)).statusCode).toBe(403);
    expect((await call('GET', `${admin()}?block_id=${encodeURIComponent('1;drop')}`, organiser)).statusCode).toBe(400);
  });

  it('exports the submissions as a CSV attachment, one column per field label, formula cells made text', async () => {
    const res = await call('GET', `${admin(exportPageId)}/export`, organiser);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="export-submissions.csv"');
    expect(res.body.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(res.body);
    // Forms sharing a label share its column.
    expect(header).toEqual(['Form', 'Name', 'E-mail', 'Sent at', 'Talk title', 'Contact e-mail', 'First time speaking', 'Shift']);
    expect(rows).toHaveLength(6);
    const titles = rows.filter((row) => row[0] === 'Talk proposal').map((row) => row[4]);
    expect(titles).toEqual(expect.arrayContaining([`'=HYPERLINK("https://evil.example","x")`, "'+1+2", "'-3", "'@SUM(A1)", 'Plain, "quoted"\nline']));
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(rows.find((row) => row[0] === 'Talk proposal')?.slice(5, 8)).toEqual(['a@example.com', 'yes', '']);
    // The form without a title is named by its block id; its e-mail shares the column.
    expect(rows.find((row) => row[0] === 'volunteer')?.slice(5, 8)).toEqual(['v@example.com', '', 'Evening']);
    expect(res.body).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
  });

  it('exports one form without the Form column', async () => {
    const res = await call('GET', `${admin(exportPageId)}/export?block_id=volunteer`, staff);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(['Name', 'E-mail', 'Sent at', 'Contact e-mail', 'Shift']);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(3)).toEqual(['v@example.com', 'Evening']);
  });
});
