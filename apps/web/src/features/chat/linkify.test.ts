import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('chat text links', () => {
  it('makes http and https addresses links and keeps the rest as text', () => {
    expect(linkify('see https://example.org/a?b=1, then http://x.test.')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { kind: 'text', text: ', then ' },
      { kind: 'link', text: 'http://x.test', href: 'http://x.test/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never links other schemes', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://files.test/x', 'mailto:a@b.test']) {
      expect(linkify(text)).toEqual([{ kind: 'text', text }]);
    }
  });

  it('keeps markup as text', () => {
    const text = '<img src=x onerror=alert(1)> <script>alert(1)</script>';
    expect(linkify(text)).toEqual([{ kind: 'text', text }]);
  });

  it('leaves brackets around an address out of it, and keeps balanced ones in it', () => {
    expect(linkify('(https://example.org/x)')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'https://example.org/x', href: 'https://example.org/x' },
      { kind: 'text', text: ')' },
    ]);
    expect(linkify('https://en.wikipedia.org/wiki/Go_(game)')[0]).toMatchObject({ kind: 'link', text: 'https://en.wikipedia.org/wiki/Go_(game)' });
  });

  it('keeps line breaks and emoji in the text', () => {
    expect(linkify('hi 👋\nbye')).toEqual([{ kind: 'text', text: 'hi 👋\nbye' }]);
  });
});
