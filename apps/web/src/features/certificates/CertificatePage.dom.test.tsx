// @vitest-environment jsdom
// The certificate's verification page in a DOM, as a guest: a certificate with its student, course,
// date, the course admins' text and the PDF; a code Lobby did not issue; a code of the wrong form
// (not looked up); a failure with a retry.
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client.ts';
import { clearToken } from '../../api/session.ts';
import { $, byTestId, click, initTexts, stubApi, textOf, until } from '../academy/harness.test-data.tsx';
import { Component as CertificatePage } from './CertificatePage.tsx';

beforeAll(initTexts);

const CODE = 'Zx8_Qw-3kLmNoPqRsTuV42';
const certificate = (over = {}) => ({
  code: CODE,
  student_name: 'Ada Lovelace',
  course: 'Game Design Summit',
  event_slug: 'summit',
  text: 'For outstanding work on\nthe final project. <b>not bold</b> **not markdown**',
  issued_at: '2026-12-20T12:00:00.000Z',
  verify_path: `/certificates/${CODE}`,
  pdf_path: `/api/v1/certificates/${CODE}/pdf`,
  ...over,
});

let host: HTMLElement | null = null;
let root: Root | null = null;

/** Mounts the page at /certificates/{code} as a guest (no token). */
function open(code: string) {
  clearToken();
  queryClient.clear();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  const router = createMemoryRouter([{ path: '/certificates/:code', Component: CertificatePage }], { initialEntries: [`/certificates/${code}`] });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root?.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
}

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  host = null;
  root = null;
  queryClient.clear();
  vi.unstubAllGlobals();
  document.title = '';
});

const verify = (answer: () => { status?: number; body: unknown } | undefined) => stubApi((method, path) => (method === 'GET' && path === `/api/v1/certificates/${CODE}` ? answer() : undefined));

describe('the certificate verification page', () => {
  it("shows the student, the course, the date, the course admins' text as plain text, and the PDF", async () => {
    const calls = verify(() => ({ body: { data: certificate() } }));
    open(CODE);
    await until(() => byTestId('certificate-verified') !== null);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect($('h1').textContent).toBe('Certificate verified');
    expect(document.title).toBe('Certificate verified · Lobby');
    expect(textOf('certificate-student')).toBe('Ada Lovelace');
    expect(textOf('certificate-course')).toBe('completed the course of Game Design Summit');
    expect(textOf('certificate-date')).toMatch(/^Issued on (19|20|21)\.12\.2026$/);
    expect(byTestId('certificate-date')?.querySelector('time')?.getAttribute('datetime')).toBe('2026-12-20T12:00:00.000Z');
    const text = byTestId('certificate-text');
    expect(text?.textContent).toBe('For outstanding work on\nthe final project. <b>not bold</b> **not markdown**');
    expect(text?.querySelector('b, strong')).toBeNull();
    expect(text?.className).toContain('whitespace-pre-wrap');
    const pdf = byTestId<HTMLAnchorElement>('certificate-pdf');
    expect(pdf?.getAttribute('href')).toBe(`/api/v1/certificates/${CODE}/pdf`);
    expect(pdf?.hasAttribute('download')).toBe(true);
    expect(pdf?.textContent).toBe('Download the PDF');
    expect(byTestId('certificate-verified')?.getAttribute('aria-labelledby')).toBe($('h1').id);
    // One call, as a guest (no token saved).
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET /api/v1/certificates/${CODE}`]);
  });

  it('leaves out an empty text and builds the PDF link from the code when the answer points elsewhere', async () => {
    verify(() => ({ body: { data: certificate({ text: '  ', pdf_path: 'https://evil.example/fake.pdf' }) } }));
    open(CODE);
    await until(() => byTestId('certificate-verified') !== null);
    expect(byTestId('certificate-text')).toBeNull();
    expect(byTestId('certificate-pdf')?.getAttribute('href')).toBe(`/api/v1/certificates/${CODE}/pdf`);
  });

  it('says that a code Lobby did not issue is no certificate', async () => {
    verify(() => ({ status: 404, body: { error: { code: 'academy.certificate_not_found', message: 'Not found.' } } }));
    open(CODE);
    await until(() => byTestId('certificate-not-found') !== null);
    expect($('h1').textContent).toBe('Certificate not found');
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('This certificate does not exist.');
    expect(document.title).toBe('Certificate not found · Lobby');
    expect(byTestId('certificate-pdf')).toBeNull();
  });

  it('does not look up a code of the wrong form', async () => {
    const calls = stubApi(() => undefined);
    open('short');
    await until(() => byTestId('certificate-not-found') !== null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('This certificate does not exist.');
    expect(calls).toEqual([]);
  });

  it('shows another failure with a retry that reads again', async () => {
    let answers = 0;
    verify(() => {
      answers += 1;
      return answers === 1 ? { status: 500, body: { error: { code: 'internal', message: 'Down.' } } } : { body: { data: certificate() } };
    });
    open(CODE);
    await until(() => byTestId('certificate-error') !== null);
    expect(byTestId('certificate-not-found')).toBeNull();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    click([...document.querySelectorAll('button')].find((button) => button.textContent === 'Try again') as HTMLButtonElement);
    await until(() => byTestId('certificate-verified') !== null);
    expect(answers).toBe(2);
  });
});
