// @vitest-environment jsdom
// The academy admin's pieces in a DOM: the decline dialog, the reorder list and the lesson editor's
// payload and its server problems, the program upload's report.
import { routes, type AcademyModule, type Homework, type Lesson, type LessonInput } from '@lobby/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import en from '../../i18n/locales/en.json';
import { CourseImport } from './CourseImport.tsx';
import { LessonEditor } from './LessonEditor.tsx';
import { ReorderList } from './ReorderList.tsx';
import { DeclineDialog } from './ReviewDialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLElement;
let root: Root;
let client: QueryClient;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
  // jsdom has <dialog> without showModal.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const render = (node: ReactNode) => act(() => root.render(<QueryClientProvider client={client}>{node}</QueryClientProvider>));
/** Renders inside a data router (the lesson editor's leave guard needs one). */
const renderRouted = (node: ReactNode) => {
  const router = createMemoryRouter([{ path: '/', element: node }]);
  render(<RouterProvider router={router} />);
};

const $ = <E extends Element = HTMLElement>(selector: string, scope: ParentNode = document) => {
  const node = scope.querySelector<E>(selector);
  if (!node) throw new Error(`no ${selector}`);
  return node;
};
const $$ = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];

function typeInto(input: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const click = (node: HTMLElement) => act(() => node.click());
/** Lets pending promises (a mutation, a fetch) settle inside act. */
const settle = () => act(async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
});

/** Answers every fetch with `status` and `body`, recording the calls. */
function stubFetch(status: number, body: unknown) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const homework: Homework = {
  id: 41,
  lesson_id: 9,
  member_id: 77,
  status: 1,
  comment: 'My prototype',
  files: [],
  review_comment: null,
  reviewed_at: null,
  attempts: 1,
  student: { uid: 301, first_name: 'Mia', last_name: 'Wong', email: 'mia@example.org' },
  lesson: { id: 9, short_description: 'Prototyping', module_id: 4 },
  chat_id: null,
  created_at: '2026-10-01T10:00:00.000Z',
  updated_at: '2026-10-01T10:00:00.000Z',
};

describe('the decline dialog', () => {
  it('asks for the reason before sending anything', () => {
    const calls = stubFetch(200, { data: homework });
    const onClose = vi.fn();
    render(<DeclineDialog eventId={7} homework={homework} onClose={onClose} />);
    click($('[data-testid="decline-confirm"]'));
    const comment = $<HTMLTextAreaElement>('[data-testid="decline-comment"]');
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${comment.id}-error`)?.textContent).toBe('Write why the homework is declined.');
    expect(calls).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the trimmed comment to the decline call, says so and closes', async () => {
    const calls = stubFetch(200, { data: { ...homework, status: 3, review_comment: 'Add the sketches.' } });
    const success = vi.spyOn(toast, 'success');
    const onClose = vi.fn();
    render(<DeclineDialog eventId={7} homework={homework} onClose={onClose} />);
    typeInto($<HTMLTextAreaElement>('[data-testid="decline-comment"]'), '  Add the sketches.  ');
    click($('[data-testid="decline-confirm"]'));
    await settle();
    expect(calls).toEqual([{ url: '/api/v1/7/academy/admin/homeworks/41/decline', method: routes.declineHomework.method, body: { comment: 'Add the sketches.' } }]);
    expect(success).toHaveBeenCalledWith("Mia Wong's homework is declined. The student reads your comment in the lesson chat and may send it again.");
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    stubFetch(409, { error: { code: 'academy.homework_reviewed', message: 'This homework already has a verdict.' } });
    const failure = vi.spyOn(toast, 'error');
    const onClose = vi.fn();
    render(<DeclineDialog eventId={7} homework={homework} onClose={onClose} />);
    typeInto($<HTMLTextAreaElement>('[data-testid="decline-comment"]'), 'Redo it');
    click($('[data-testid="decline-confirm"]'));
    await settle();
    expect(failure).toHaveBeenCalledWith('The homework could not be declined: This homework has already been reviewed.');
    expect(onClose).not.toHaveBeenCalled();
    expect($('[data-testid="decline-dialog"]').hasAttribute('open')).toBe(true);
  });
});

const items = [
  { id: 1, title: 'Basics' },
  { id: 2, title: 'Loops' },
  { id: 3, title: 'Economy' },
];
const shownOrder = () => $$('[data-testid="reorder-item"]').map((node) => node.dataset.reorderId);

function renderList(onSave: (ids: number[]) => Promise<unknown>) {
  render(
    <ReorderList items={items} label="Modules" nameOf={(item) => item.title} onSave={onSave} editable>
      {(item) => <span>{item.title}</span>}
    </ReorderList>,
  );
}

describe('the reorder list', () => {
  it('moves an item by its buttons, shows the order at once and sends every id in the new order', async () => {
    let finish: () => void = () => {};
    const onSave = vi.fn((_ids: number[]) => new Promise<void>((resolve) => (finish = resolve)));
    renderList(onSave);
    const up = $<HTMLButtonElement>('[aria-label="Move Loops up"]');
    up.focus();
    click(up);
    expect(onSave).toHaveBeenCalledWith([2, 1, 3]);
    expect(shownOrder()).toEqual(['2', '1', '3']);
    expect($('[data-testid="reorder-status"]').textContent).toBe('Loops moved to position 1 of 3.');
    // At the top its Move up is off, so the focus goes to its Move down.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Loops down');
    // No second move while the first is being saved.
    click($('[aria-label="Move Basics down"]'));
    expect(onSave).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    // Saved: the controls are back (the list then follows the server's order, read again by onSave).
    expect($('ol').getAttribute('aria-busy')).toBe('false');
    expect($('[aria-label="Move Basics down"]').getAttribute('aria-disabled')).toBe('false');
  });

  it('puts the order back and says why when the sort call fails', async () => {
    const failure = vi.spyOn(toast, 'error');
    renderList(() => Promise.reject(new ApiError(422, 'academy.sort_mismatch', 'Items must list every module once.')));
    click($('[aria-label="Move Basics down"]'));
    await settle();
    expect(shownOrder()).toEqual(['1', '2', '3']);
    expect(failure).toHaveBeenCalledWith('The order could not be saved: The order could not be saved: the list has changed. Reload and try again.');
    expect($('[data-testid="reorder-status"]').textContent).toBe('The order could not be saved; the list is back as it was.');
  });

  it('moves by drag and drop through the same call', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderList(onSave);
    const [first, , third] = $$('[data-testid="reorder-item"]');
    const transfer = { setData: () => {}, effectAllowed: '', dropEffect: '' };
    const drag = (node: HTMLElement, type: string) => {
      const event = new Event(type, { bubbles: true, cancelable: true });
      Object.assign(event, { dataTransfer: transfer });
      act(() => node.dispatchEvent(event));
    };
    drag(first!, 'dragstart');
    drag(third!, 'dragover');
    drag(third!, 'drop');
    expect(onSave).toHaveBeenCalledWith([2, 3, 1]);
    await settle();
  });

  it('shows teachers the order without controls', () => {
    render(
      <ReorderList items={items} label="Modules" nameOf={(item) => item.title} onSave={() => Promise.resolve()} editable={false}>
        {(item) => <span>{item.title}</span>}
      </ReorderList>,
    );
    expect($$('[data-move]')).toEqual([]);
    expect($$('[draggable="true"]')).toEqual([]);
  });
});

const modules = [{ id: 4, short_description: 'Design', sort: 0 }, { id: 5, short_description: 'Production', sort: 1 }] as AcademyModule[];

describe('the lesson editor', () => {
  const mount = (submit: (input: LessonInput) => Promise<{ data: Lesson }>, onSaved = vi.fn()) => {
    renderRouted(<LessonEditor eventId={7} lesson={undefined} moduleId={4} modules={modules} timeZone="Europe/Moscow" submit={submit} onSaved={onSaved} />);
    return onSaved;
  };

  it('carries its flags and sends the three tabs as one body with dates in the course timezone', async () => {
    const saved = { id: 12, module_id: 5 } as Lesson;
    const submit = vi.fn((_input: LessonInput) => Promise.resolve({ data: saved }));
    const onSaved = mount(submit);
    const editor = $('[data-testid="lesson-editor"]');
    expect([editor.dataset.editMode, editor.dataset.processing, editor.dataset.loaded, editor.dataset.dirty]).toEqual(['true', 'false', 'true', 'false']);
    typeInto($<HTMLInputElement>('[data-testid="lesson-title-input"]'), 'Paper prototypes');
    act(() => {
      const select = $<HTMLSelectElement>('[data-testid="lesson-module"]');
      select.value = '5';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    typeInto($<HTMLInputElement>('[data-testid="lesson-start"]'), '2026-10-01T19:00');
    expect(editor.dataset.dirty).toBe('true');
    click($('[data-testid="tab-homework"]'));
    expect($(`#${$('[data-testid="tab-homework"]').getAttribute('aria-controls')}`).hidden).toBe(false);
    click($('[data-testid="lesson-has-homework"]'));
    click($('[data-testid="lesson-blocked-homework"]'));
    typeInto($<HTMLTextAreaElement>('[data-testid="lesson-homework-description"]'), 'Sketch three levels.');
    click($('[data-testid="lesson-save"]'));
    await settle();
    expect(submit).toHaveBeenCalledWith({
      module_id: 5,
      short_description: 'Paper prototypes',
      start_date: '2026-10-01T19:00:00+03:00',
      end_date: null,
      is_open: false,
      is_active: true,
      teachers: [],
      has_homework: true,
      blocked_homework: true,
      homework_description: 'Sketch three levels.',
      skills: [],
      content: { version: 1, blocks: [] },
    });
    expect(onSaved).toHaveBeenCalledWith(saved, true);
    expect(editor.dataset.dirty).toBe('false');
  });

  it('does not send a lesson without a title and opens the tab with the problem', () => {
    const submit = vi.fn();
    mount(submit);
    click($('[data-testid="tab-homework"]'));
    click($('[data-testid="lesson-save"]'));
    expect(submit).not.toHaveBeenCalled();
    expect($('[data-testid="tab-main"]').getAttribute('aria-selected')).toBe('true');
    const title = $<HTMLInputElement>('[data-testid="lesson-title-input"]');
    expect(document.getElementById(`${title.id}-error`)?.textContent).toBe('This field is required.');
  });

  it("shows the server's 422 on its field and counts a content block's problem on the content tab", async () => {
    const refusal = new ApiError(422, 'validation.failed', 'The lesson has problems.', {
      fields: [
        { field: 'body.end_date', message: 'The end date cannot be before the start date.', key: 'date', params: {} },
        { field: 'body.content.blocks.0.editorData.text', message: 'Required', key: 'required', params: {} },
      ],
    });
    const failure = vi.spyOn(toast, 'error');
    mount(() => Promise.reject(refusal));
    typeInto($<HTMLInputElement>('[data-testid="lesson-title-input"]'), 'Economy');
    click($('[data-testid="lesson-save"]'));
    await settle();
    const end = $<HTMLInputElement>('[data-testid="lesson-end"]');
    expect(document.getElementById(`${end.id}-error`)?.textContent).toBe('Enter a valid date and time.');
    expect($('[data-testid="tab-main"]').getAttribute('aria-selected')).toBe('true');
    expect($('[data-testid="tab-main"]').textContent).toBe('Main settings1');
    expect(failure).not.toHaveBeenCalled();
  });
});

describe('the program upload', () => {
  const choose = (input: HTMLInputElement, file: File) => {
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
  };

  it("sends the file's text and shows the summary and each refused row with its reason in the reader's language", async () => {
    const calls = stubFetch(200, {
      data: {
        rows: 3,
        modules_added: 1,
        lessons_added: 1,
        lessons_updated: 0,
        failed: [
          { row: 3, title: 'Bad date', code: 'invalid_date', reason: 'server words' },
          { row: 4, title: 'Odd', code: 'something_new', reason: 'Reason from the server.' },
        ],
      },
    });
    render(<CourseImport eventId={7} />);
    choose($<HTMLInputElement>('[data-testid="course-import-file"]'), new File(['module,lesson\nBasics,Audience'], 'course.csv', { type: 'text/csv' }));
    for (let turn = 0; turn < 20 && !document.querySelector('[data-testid="course-import-report"]'); turn += 1) await settle();
    expect(calls).toEqual([{ url: '/api/v1/7/academy/admin/program/import', method: 'POST', body: { csv: 'module,lesson\nBasics,Audience' } }]);
    const report = $('[data-testid="course-import-report"]');
    expect(report.textContent).toContain('Rows read: 3. Modules added: 1. Lessons added: 1, updated: 0. Rows not imported: 2.');
    const cells = $$('[data-testid="course-import-report"] tbody tr').map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['3', 'Bad date', 'The date is not "YYYY-MM-DD HH:mm" or an ISO 8601 time with its offset.'],
      ['4', 'Odd', 'Reason from the server.'],
    ]);
  });

  it("shows the server's refusal of the whole file", async () => {
    stubFetch(400, { error: { code: 'academy.import_header', message: 'The first line must name the columns, with at least "module" and "lesson".' } });
    render(<CourseImport eventId={7} />);
    choose($<HTMLInputElement>('[data-testid="course-import-file"]'), new File(['title\nA'], 'course.csv', { type: 'text/csv' }));
    for (let turn = 0; turn < 20 && !document.querySelector('[data-testid="course-import"] [role="alert"]'); turn += 1) await settle();
    expect($('[data-testid="course-import"] [role="alert"]').textContent).toContain('The first line must name the columns, with at least "module" and "lesson".');
  });
});
