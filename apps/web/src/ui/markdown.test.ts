import { describe, expect, it } from 'vitest';
import { plainText } from './Markdown.tsx';

describe('plain text shown while the Markdown renderer loads', () => {
  it('drops inline marks, link targets and block markers', () => {
    expect(plainText('Three days in **Limassol** and ~~not~~ [online](https://example.org).')).toBe('Three days in Limassol and not online.');
    expect(plainText('# Title\n- one\n> quote')).toBe('Title\none\nquote');
  });
});
