// Renders the academy's pages in jsdom inside a router at an event's address, with the event, the
// membership and the person in the query cache and the API answered by a stubbed fetch.
import type { EventMember, Permission } from '@lobby/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { act, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { queryClient } from '../../api/query-client.ts';
import { clearToken, saveToken } from '../../api/session.ts';
import en from '../../i18n/locales/en.json';
import { meQuery } from '../auth/session.ts';
import { eventQuery, memberQuery } from '../events/context.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const EVENT = { id: 7, slug: 'summit', name: 'Summit', title: 'Summit', timezone: 'UTC' };
export const STUDENT: Permission[] = ['event.view', 'academy.view'];
export const TEACHER: Permission[] = ['event.view', 'academy.view', 'academy.admin.view', 'academy.homework.review'];

export async function initTexts(): Promise<void> {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status?: number; body: unknown } | undefined;
/** Answers one call by method and path (without the query), or undefined for a 404. */
export type Api = (method: string, path: string, body: unknown) => Answer | Promise<Answer>;

const json = (status: number, body: unknown) => new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs fetch with `api`, recording every call. */
export function stubApi(api: Api): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, body });
    const answer = await api(method, url.pathname, body);
    if (!answer) return json(404, { error: { code: 'http.404', message: 'Not found.' } });
    return json(answer.status ?? 200, answer.body);
  });
  return calls;
}

export const lockedError = (details: unknown) => ({ status: 403, body: { error: { code: 'academy.lesson_locked', message: 'This lesson is not open yet.', details } } });

let host: HTMLElement | null = null;
let root: Root | null = null;

/** Mounts the page module's Component at `address` (under /events/summit/), as a member with `abilities`. */
export function mountPage(pages: { program?: ComponentType; lesson?: ComponentType }, address: string, abilities: Permission[] = STUDENT) {
  saveToken({ access_token: 'token', expires_in: 3600, refresh_expires_in: 7200 });
  queryClient.clear();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  queryClient.setQueryData(eventQuery(EVENT.slug).queryKey, { data: EVENT } as never);
  const member = { abilities, sections: { academy: 'ok' } } as unknown as EventMember;
  queryClient.setQueryData(memberQuery(EVENT.id).queryKey, member);
  queryClient.setQueryData(meQuery().queryKey, { data: { id: 3, timezone: 'Europe/Moscow' } } as never);
  const empty = () => null;
  const router = createMemoryRouter(
    [
      { path: '/events/:eventSlug/academy/program', Component: pages.program ?? empty },
      { path: '/events/:eventSlug/academy/lesson/:id', Component: pages.lesson ?? empty },
      { path: '*', Component: () => <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [`/events/${EVENT.slug}/${address}`] },
  );
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
  return router;
}

/** Mounts one component (no router) with the query cache and a signed-in token, as mountPage does a page. */
export function mountNode(node: ReactNode): void {
  saveToken({ access_token: 'token', expires_in: 3600, refresh_expires_in: 7200 });
  queryClient.clear();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(<QueryClientProvider client={queryClient}>{node}</QueryClientProvider>));
}

export function unmountPage(): void {
  act(() => root?.unmount());
  host?.remove();
  host = null;
  root = null;
  queryClient.clear();
  clearToken();
  vi.unstubAllGlobals();
}

/** Lets the page settle until `done` holds (queries answer, lazy parts load). */
export async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 200 && !done(); turn += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 2));
    });
  }
  if (!done()) throw new Error('the page did not get there');
}

export const byTestId = <E extends Element = HTMLElement>(id: string): E | null => document.querySelector<E>(`[data-testid="${id}"]`);
export const $ = <E extends Element = HTMLElement>(selector: string): E => {
  const node = document.querySelector<E>(selector);
  if (!node) throw new Error(`no ${selector}`);
  return node;
};
export const textOf = (id: string): string => byTestId(id)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

export function click(node: Element): void {
  act(() => {
    (node as HTMLElement).click();
  });
}

export function press(node: Element, key: string): void {
  act(() => {
    node.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
}

/** Types into a React-controlled field (the native setter, then an input event). */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
