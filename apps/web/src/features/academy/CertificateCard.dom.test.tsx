// @vitest-environment jsdom
// The student's certificate on the course program: once the course is complete, its date with the
// PDF and the verification page, or word that it is being prepared; nothing (and no call) before.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleProgram } from './academy.test-data.ts';
import { byTestId, initTexts, mountPage, stubApi, textOf, unmountPage, until } from './harness.test-data.tsx';
import { Component as ProgramPage } from './ProgramPage.tsx';

beforeAll(initTexts);
afterEach(unmountPage);

const CODE = 'Zx8_Qw-3kLmNoPqRsTuV42';
const complete = { education_progress: 5, lessons_total: 5, important_education_progress: 1, important_total: 1, complete: true, refreshed_at: null };
const certificate = {
  code: CODE,
  student_name: 'Ada Lovelace',
  course: 'Summit',
  event_slug: 'summit',
  text: '',
  // 20:30Z on the 20th is the 21st in Tokyo, the course timezone.
  issued_at: '2026-12-20T20:30:00.000Z',
  verify_path: `/certificates/${CODE}`,
  pdf_path: `/api/v1/certificates/${CODE}/pdf`,
};

const stub = (progress: object | null, mine: unknown) =>
  stubApi((method, path) => {
    if (method === 'GET' && path === '/api/v1/7/academy/program') return { body: { data: sampleProgram({ progress } as never) } };
    if (method === 'GET' && path === '/api/v1/7/academy/certificate') return { body: { data: mine } };
    return undefined;
  });

const open = async () => {
  mountPage({ program: ProgramPage }, 'academy/program');
  await until(() => byTestId('academy-program-loading') === null && byTestId('academy-progress') !== null);
};

describe("the student's certificate on the course program", () => {
  it('shows the issue date in the course timezone, the PDF and the verification page once issued', async () => {
    const calls = stub(complete, certificate);
    await open();
    await until(() => byTestId('academy-certificate-date') !== null);
    expect(byTestId('academy-certificate')?.querySelector('h2')?.textContent).toBe('Your certificate');
    expect(textOf('academy-certificate-date')).toBe('Issued on 21.12.2026');
    const pdf = byTestId<HTMLAnchorElement>('academy-certificate-pdf');
    expect(pdf?.getAttribute('href')).toBe(`/api/v1/certificates/${CODE}/pdf`);
    expect(pdf?.hasAttribute('download')).toBe(true);
    expect(pdf?.textContent).toBe('Download the PDF');
    const verify = byTestId<HTMLAnchorElement>('academy-certificate-verify');
    expect(verify?.getAttribute('href')).toBe(`/certificates/${CODE}`);
    expect(verify?.textContent).toBe('Verification page');
    expect(calls.filter((call) => call.path === '/api/v1/7/academy/certificate')).toHaveLength(1);
  });

  it('says the certificate is being prepared while it is not issued yet', async () => {
    stub(complete, null);
    await open();
    await until(() => byTestId('academy-certificate-preparing') !== null);
    expect(textOf('academy-certificate-preparing')).toBe('Your certificate is being prepared; it will be mailed to you.');
    expect(byTestId('academy-certificate-pdf')).toBeNull();
    expect(byTestId('academy-certificate-verify')).toBeNull();
  });

  it('shows nothing and asks nothing before the course is complete', async () => {
    const calls = stub(sampleProgram().progress, certificate);
    await open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(byTestId('academy-certificate')).toBeNull();
    expect(calls.some((call) => call.path === '/api/v1/7/academy/certificate')).toBe(false);
  });

  it('shows nothing and asks nothing without a progress of their own (staff)', async () => {
    const calls = stub(null, certificate);
    mountPage({ program: ProgramPage }, 'academy/program');
    await until(() => byTestId('academy-program-loading') === null && byTestId('academy-timezone') !== null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(byTestId('academy-certificate')).toBeNull();
    expect(calls.some((call) => call.path === '/api/v1/7/academy/certificate')).toBe(false);
  });
});
