import { describe, expect, it, vi } from 'vitest';
import { lazyPage, type PageModule } from './lazy.ts';

const Component = () => null;

describe('lazyPage handle', () => {
  it("starts the page's own first calls with the address once its code is loaded, importing it once", async () => {
    const started: [string | undefined, string][] = [];
    const load = vi.fn(
      async (): Promise<PageModule> => ({
        Component,
        prefetch: (params, url) => started.push([params.eventSlug, url.search]),
      }),
    );
    const page = lazyPage(load);
    page.handle.preload?.();
    page.handle.prefetch?.({ eventSlug: 'lobby-summit' }, new URL('http://lobby.test/events/lobby-summit/members?geo=EU'));
    await vi.waitFor(() => expect(started).toEqual([['lobby-summit', '?geo=EU']]));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is quiet for a page without first calls and for code that fails to load (the loader tries again)', async () => {
    const plain = lazyPage(async () => ({ Component }));
    plain.handle.prefetch?.({}, new URL('http://lobby.test/'));
    let attempts = 0;
    const failing = lazyPage(async () => {
      attempts += 1;
      throw new Error('chunk gone');
    });
    failing.handle.prefetch?.({}, new URL('http://lobby.test/'));
    await vi.waitFor(() => expect(attempts).toBe(1));
    // The failed import is forgotten: the next attempt imports again.
    failing.handle.preload?.();
    await vi.waitFor(() => expect(attempts).toBe(2));
  });
});
