import { BlockType } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { FRAME_ORIGINS_MAX, FRAME_ORIGINS_TTL_MS, frameOriginsOf, FrameOrigins, httpsOrigin } from './frames.ts';

describe('httpsOrigin', () => {
  it.each([
    ['https://frames.example.com/x?y=1', 'https://frames.example.com'],
    ['https://frames.example.com:8443/x', 'https://frames.example.com:8443'],
    ['https://FRAMES.example.com', 'https://frames.example.com'],
    ['http://frames.example.com/', null],
    ['https://user:pw@frames.example.com/', null],
    ['https://127.0.0.1/', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
    [42, null],
  ])('%s', (address, expected) => expect(httpsOrigin(address)).toBe(expected));
});

const iframe = (url: string, hidden = false) => ({ id: BlockType.Iframe, uuid: '00000000-0000-4000-8000-000000000001', blockId: `f${url.length}${hidden ? 'h' : ''}`, hidden, editorData: { url } });

describe('frameOriginsOf', () => {
  it("takes frame pages' addresses and visible Iframe blocks, each origin once", () => {
    const pages = [
      { kind: 'frame' as const, content: null, frameUrl: 'https://tickets.example.org/buy' },
      { kind: 'stub' as const, content: { version: 1, blocks: [iframe('https://frames.example.com/a'), iframe('https://hidden.example.com/', true)] }, frameUrl: null },
      { kind: 'partyspace' as const, content: { version: 1, blocks: [iframe('https://frames.example.com/b/c')] }, frameUrl: null },
      { kind: 'stub' as const, content: 'broken', frameUrl: null },
    ];
    expect(frameOriginsOf(pages)).toEqual(['https://tickets.example.org', 'https://frames.example.com']);
  });
});

describe('FrameOrigins', () => {
  const deferred = () => {
    let resolve: (value: string[]) => void = () => {};
    const promise = new Promise<string[]>((r) => (resolve = r));
    return { promise, resolve };
  };

  it('reloads after the period when asked for its sources, and keeps the last list when a load fails', async () => {
    let clock = 0;
    let answer: string[] | Error = ['https://a.example.com'];
    let loads = 0;
    const errors: string[] = [];
    const cache = new FrameOrigins(
      async () => {
        loads += 1;
        if (answer instanceof Error) throw answer;
        return answer;
      },
      (_error, context) => errors.push(context),
      () => clock,
    );
    await cache.refresh();
    expect(cache.source()).toBe('https://a.example.com');
    answer = ['https://b.example.com'];
    clock += FRAME_ORIGINS_TTL_MS;
    expect(cache.source()).toBe('https://a.example.com');
    expect(loads).toBe(1);
    clock += 1;
    cache.source();
    await cache.refresh();
    expect(cache.source()).toBe('https://b.example.com');
    answer = new Error('database down');
    await cache.refresh();
    expect(cache.source()).toBe('https://b.example.com');
    expect(errors).toEqual(['frame origins not loaded']);
  });

  it('runs a reload asked for during a load after it, once however often it is asked', async () => {
    const first = deferred();
    const second = deferred();
    const pending = [first, second];
    let loads = 0;
    const cache = new FrameOrigins(() => {
      loads += 1;
      return pending.shift()?.promise ?? Promise.resolve([]);
    }, () => {});
    const a = cache.refresh();
    const b = cache.refresh();
    const c = cache.refresh();
    expect(b).toBe(c);
    first.resolve(['https://old.example.com']);
    await a;
    second.resolve(['https://new.example.com']);
    await b;
    expect(loads).toBe(2);
    expect(cache.current()).toEqual(['https://new.example.com']);
  });

  it(`allows at most ${FRAME_ORIGINS_MAX} origins`, async () => {
    const many = Array.from({ length: FRAME_ORIGINS_MAX + 5 }, (_, i) => `https://f${i}.example.com`);
    const errors: string[] = [];
    const cache = new FrameOrigins(async () => many, (_error, context) => errors.push(context));
    await cache.refresh();
    expect(cache.current()).toHaveLength(FRAME_ORIGINS_MAX);
    expect(errors).toEqual(['frame origins cut']);
  });
});
