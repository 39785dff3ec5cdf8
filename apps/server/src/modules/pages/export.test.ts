import { BlockType, type PageContent } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { submissionsTable, toCsv, type ExportedSubmission } from './export.ts';

const content: PageContent = {
  version: 1,
  blocks: [
    { id: BlockType.Markdown, uuid: '00000000-0000-4000-8000-000000000001', blockId: 'intro', hidden: false, editorData: { text: 'Hi' } },
    {
      id: BlockType.Form,
      uuid: '00000000-0000-4000-8000-000000000002',
      blockId: 'signup',
      hidden: false,
      editorData: { title: 'Sign-up', submitText: 'Send', fields: [{ id: 'who', label: 'Name on badge', kind: 'text' }, { id: 'mail', label: 'E-mail', kind: 'email' }, { id: 'ok', label: 'Agree', kind: 'checkbox' }] },
    },
    { id: BlockType.Form, uuid: '00000000-0000-4000-8000-000000000003', blockId: 'late', hidden: true, editorData: { submitText: 'Send', fields: [{ id: 'mail2', label: 'E-mail', kind: 'email' }] } },
  ],
};
const sentAt = new Date('2031-03-04T05:06:07.000Z');
const row = (blockId: string, values: ExportedSubmission['values'], formTitle = blockId): ExportedSubmission => ({ blockId, formTitle, name: 'Ann Lee', email: 'ann@example.com', sentAt, values });

describe('submissionsTable', () => {
  it('has the sender columns, then one per field label over every form (shared labels once), then unknown keys', () => {
    const table = submissionsTable(content, [row('signup', { who: 'Ann', ok: false, gone: 'old answer' }, 'Old title'), row('late', { mail2: 'b@example.com' }), row('removed', { x: '1' }, 'A removed form')]);
    expect(table[0]).toEqual(['Form', 'Name', 'E-mail', 'Sent at', 'Name on badge', 'E-mail', 'Agree', 'gone', 'x']);
    expect(table[1]).toEqual(['Sign-up', 'Ann Lee', 'ann@example.com', '2031-03-04T05:06:07.000Z', 'Ann', '', 'no', 'old answer', '']);
    // A hidden form keeps its answers; a form without a title goes by its block id; a removed one by the title it had.
    expect(table[2]).toEqual(['late', 'Ann Lee', 'ann@example.com', '2031-03-04T05:06:07.000Z', '', 'b@example.com', '', '', '']);
    expect(table[3]?.[0]).toBe('A removed form');
    expect(table[3]?.[8]).toBe('1');
  });

  it('has no Form column and only that form’s fields for one block', () => {
    expect(submissionsTable(content, [row('signup', { ok: true })], 'signup')).toEqual([
      ['Name', 'E-mail', 'Sent at', 'Name on badge', 'E-mail', 'Agree'],
      ['Ann Lee', 'ann@example.com', '2031-03-04T05:06:07.000Z', '', '', 'yes'],
    ]);
  });

  it('still has its header without submissions or forms', () => {
    expect(submissionsTable(null, [])).toEqual([['Form', 'Name', 'E-mail', 'Sent at']]);
  });
});

describe('toCsv', () => {
  it.each([
    ['plain', 'Ann', '"Ann"'],
    ['quotes doubled', 'say "hi"', '"say ""hi"""'],
    ['comma and line break kept inside quotes', 'a,b\r\nc', '"a,b\r\nc"'],
    ['=', '=1+1', `"'=1+1"`],
    ['+', '+7 999', `"'+7 999"`],
    ['-', '-2', `"'-2"`],
    ['@', '@SUM(A1)', `"'@SUM(A1)"`],
    ['tab', '\tx', `"'\tx"`],
    ['carriage return', '\rx', `"'\rx"`],
    ['inner = is fine', 'a=b', '"a=b"'],
  ])('%s', (_name, cell, expected) => expect(toCsv([[cell]])).toBe(`${expected}\r\n`));

  it('ends every row with CRLF', () => {
    expect(toCsv([['a', 'b'], ['c', 'd']])).toBe('"a","b"\r\n"c","d"\r\n');
  });
});
