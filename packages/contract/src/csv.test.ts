import { describe, expect, it } from 'vitest';
import { parseCsv, splitCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields, escaped quotes, line breaks in quotes and CRLF', () => {
    expect(parseCsv('\uFEFFemail,name\r\na@x.test,"Lee, Ann"\r\nb@x.test,"Say ""hi"""\n"c@x.test","two\nlines"\n')).toEqual([
      ['email', 'name'],
      ['a@x.test', 'Lee, Ann'],
      ['b@x.test', 'Say "hi"'],
      ['c@x.test', 'two\nlines'],
    ]);
  });

  it('guesses a semicolon delimiter and skips blank lines', () => {
    expect(parseCsv('email;ticket\n\na@x.test;vip\n')).toEqual([
      ['email', 'ticket'],
      ['a@x.test', 'vip'],
    ]);
  });
});

describe('splitCsv', () => {
  it('cuts into parts with their first row numbers, never inside quotes', () => {
    const { header, parts } = splitCsv('email,note\na,1\nb,"x\ny"\nc,3\nd,4\n', 2);
    expect(header).toBe('email,note');
    expect(parts).toEqual([
      { firstRow: 2, body: 'a,1\nb,"x\ny"' },
      { firstRow: 5, body: 'c,3\nd,4' },
    ]);
  });
});
