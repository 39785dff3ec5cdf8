import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TITLE_BLINK_MS } from '@lobby/contract';
import { blinkTitle } from './attention.ts';

describe('title blinking', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('switches between the unread text and the title every 1500 ms and puts the title back', () => {
    const doc = { title: 'Summit · Lobby' };
    const stop = blinkTitle(doc, '(2) New messages', { setInterval: (fn, ms) => setInterval(fn, ms), clearInterval: (id) => clearInterval(id as number) });
    expect(doc.title).toBe('(2) New messages');
    vi.advanceTimersByTime(TITLE_BLINK_MS);
    expect(doc.title).toBe('Summit · Lobby');
    vi.advanceTimersByTime(TITLE_BLINK_MS);
    expect(doc.title).toBe('(2) New messages');
    stop();
    expect(doc.title).toBe('Summit · Lobby');
    vi.advanceTimersByTime(TITLE_BLINK_MS * 3);
    expect(doc.title).toBe('Summit · Lobby');
  });

  it('restores the title a page set while blinking', () => {
    const doc = { title: 'A' };
    const stop = blinkTitle(doc, 'unread', { setInterval: (fn, ms) => setInterval(fn, ms), clearInterval: (id) => clearInterval(id as number) });
    doc.title = 'B';
    vi.advanceTimersByTime(TITLE_BLINK_MS);
    expect(doc.title).toBe('unread');
    stop();
    expect(doc.title).toBe('B');
  });
});
