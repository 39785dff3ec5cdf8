import { describe, expect, it } from 'vitest';
import {
  cvFileProblem,
  cvKindOfContainer,
  isCurrencyCode,
  matchingSkills,
  mayChangeResponse,
  salaryProblem,
  sniffCvHead,
  uniqueSkills,
  vacancyState,
  type VacancyResponseDecision,
  type VacancyResponseStatus,
} from './vacancy-rules.ts';

const now = new Date('2026-11-27T12:00:00Z');

describe('vacancyState', () => {
  it.each<[string, boolean, string | null, string]>([
    ['unpublished', false, null, 'draft'],
    ['unpublished with a closing date ahead', false, '2026-12-01T00:00:00Z', 'draft'],
    ['published without a closing date', true, null, 'open'],
    ['published, closing ahead', true, '2026-11-27T12:00:01Z', 'open'],
    ['published, closing this very moment', true, '2026-11-27T12:00:00Z', 'closed'],
    ['published, closed yesterday', true, '2026-11-26T12:00:00Z', 'closed'],
  ])('%s', (_name, published, closes, expected) => expect(vacancyState({ published, closesAt: closes ? new Date(closes) : null }, now)).toBe(expected));
});

describe('salaryProblem', () => {
  it.each<[string, number | null, number | null, string | null, ReturnType<typeof salaryProblem>]>([
    ['no salary', null, null, null, null],
    ['a range', 50_000, 70_000, 'EUR', null],
    ['equal bounds', 60_000, 60_000, 'USD', null],
    ['only a lower bound', 50_000, null, 'RUB', null],
    ['only an upper bound', null, 90_000, 'CNY', null],
    ['lower above upper', 80_000, 70_000, 'EUR', 'min_over_max'],
    ['an amount without a currency', 50_000, null, null, 'currency_required'],
    ['a currency without an amount', null, null, 'EUR', 'amount_required'],
    ['lower-case code', 1, 2, 'eur', 'currency_unknown'],
    ['not a currency', 1, 2, 'ABC', 'currency_unknown'],
    ['too long', 1, 2, 'EURO', 'currency_unknown'],
  ])('%s', (_name, min, max, currency, expected) => expect(salaryProblem(min, max, currency)).toBe(expected));

  it('knows the ISO 4217 codes', () => {
    for (const code of ['EUR', 'USD', 'RUB', 'CNY', 'GBP', 'JPY']) expect(isCurrencyCode(code)).toBe(true);
    for (const code of ['', 'XX', 'usd', 'ZZZ', 'E1R']) expect(isCurrencyCode(code)).toBe(false);
  });
});

describe('mayChangeResponse', () => {
  it.each<[VacancyResponseStatus, VacancyResponseDecision, boolean]>([
    ['new', 'seen', true],
    ['new', 'declined', true],
    ['new', 'invited', true],
    ['seen', 'seen', true],
    ['seen', 'declined', true],
    ['seen', 'invited', true],
    ['declined', 'invited', true],
    ['invited', 'declined', true],
    ['declined', 'declined', true],
    ['invited', 'invited', true],
    ['declined', 'seen', false],
    ['invited', 'seen', false],
  ])('%s -> %s: %s', (from, to, expected) => expect(mayChangeResponse(from, to)).toBe(expected));
});

describe('skills', () => {
  it('matches in the vacancy order', () => expect(matchingSkills([5, 1, 9, 3], new Set([3, 5, 7]))).toEqual([5, 3]));
  it('matches nothing without verified skills', () => expect(matchingSkills([1, 2], new Set())).toEqual([]));
  it('keeps each skill once', () => expect(uniqueSkills([3, 1, 3, 2, 1])).toEqual([3, 1, 2]));
});

describe('CV sniffing', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
  it.each<[string, Uint8Array, ReturnType<typeof sniffCvHead>]>([
    ['a PDF', ascii('%PDF-1.7\n'), 'pdf'],
    ['an OLE2 compound file', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0), 'ole2'],
    ['a zip', bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0), 'zip'],
    ['an empty zip (no local header)', bytes(0x50, 0x4b, 0x05, 0x06), null],
    ['a PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), null],
    ['text that mentions PDF later', ascii(' %PDF-1.7'), null],
    ['too short to tell', bytes(0xd0, 0xcf), null],
    ['nothing', bytes(), null],
  ])('%s', (_name, head, expected) => expect(sniffCvHead(head)).toBe(expected));

  it.each<[string, 'ole2' | 'zip', Parameters<typeof cvKindOfContainer>[1], ReturnType<typeof cvKindOfContainer>]>([
    ['a docx', 'zip', { zipEntries: ['[Content_Types].xml', 'word/document.xml'] }, 'docx'],
    ['an xlsx', 'zip', { zipEntries: ['[Content_Types].xml', 'xl/workbook.xml'] }, null],
    ['a zip naming the entry in another folder', 'zip', { zipEntries: ['x/word/document.xml'] }, null],
    ['a .doc', 'ole2', { hasWordStream: true }, 'doc'],
    ['an .xls', 'ole2', { hasWordStream: false }, null],
  ])('%s', (_name, container, facts, expected) => expect(cvKindOfContainer(container, facts)).toBe(expected));
});

describe('cvFileProblem (the browser)', () => {
  const max = 10 * 1024 * 1024;
  it.each<[string, { name: string; size: number; type: string }, ReturnType<typeof cvFileProblem>]>([
    ['a PDF', { name: 'cv.pdf', size: 1000, type: 'application/pdf' }, null],
    ['a docx without a type', { name: 'CV.DOCX', size: 1000, type: '' }, null],
    ['a doc', { name: 'cv.doc', size: 1000, type: 'application/msword' }, null],
    ['a picture', { name: 'cv.png', size: 1000, type: 'image/png' }, 'bad_type'],
    ['a text file', { name: 'cv.txt', size: 10, type: 'text/plain' }, 'bad_type'],
    ['exactly the limit', { name: 'cv.pdf', size: max, type: 'application/pdf' }, null],
    ['one byte over', { name: 'cv.pdf', size: max + 1, type: 'application/pdf' }, 'too_large'],
    ['empty', { name: 'cv.pdf', size: 0, type: 'application/pdf' }, 'empty'],
  ])('%s', (_name, file, expected) => expect(cvFileProblem(file, max)).toBe(expected));
});
