// @vitest-environment jsdom
// useMediaQuery against a stand-in matchMedia whose answer the test changes, and without one.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function fakeMatchMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  const asked: string[] = [];
  vi.stubGlobal('matchMedia', (query: string) => {
    asked.push(query);
    return { get matches() { return matches; }, media: query, addEventListener: (_: string, listener: () => void) => listeners.add(listener), removeEventListener: (_: string, listener: () => void) => listeners.delete(listener) };
  });
  return {
    asked,
    listeners,
    set(next: boolean) {
      matches = next;
      for (const listener of listeners) listener();
    },
  };
}

function Probe({ fallback }: { fallback: boolean }) {
  return <p>{useMediaQuery('(min-width: 48rem)', fallback) ? 'wide' : 'narrow'}</p>;
}

function mount(fallback: boolean) {
  const host = document.createElement('div');
  const root = createRoot(host);
  act(() => root.render(<Probe fallback={fallback} />));
  return { host, unmount: () => act(() => root.unmount()) };
}

afterEach(() => vi.unstubAllGlobals());

describe('useMediaQuery', () => {
  it('answers what the media query matches, and follows its changes', () => {
    const media = fakeMatchMedia(false);
    const { host, unmount } = mount(true);
    expect(host.textContent).toBe('narrow');
    expect(media.asked).toContain('(min-width: 48rem)');
    act(() => media.set(true));
    expect(host.textContent).toBe('wide');
    unmount();
    expect(media.listeners.size).toBe(0);
  });

  it('answers the fallback without matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(mount(true).host.textContent).toBe('wide');
    expect(mount(false).host.textContent).toBe('narrow');
  });
});
