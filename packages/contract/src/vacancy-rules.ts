// Vacancies (issue 17, "Vacancies"; issue 15, academy-to-hiring): the numbers and pure rules the
// server and the web app share. Kept free of zod: the browser checks a CV with these too.

export const VACANCY_SENIORITIES = ['intern', 'junior', 'middle', 'senior', 'lead'] as const;
export type VacancySeniority = (typeof VACANCY_SENIORITIES)[number];

export const VACANCY_RESPONSE_STATUSES = ['new', 'seen', 'declined', 'invited'] as const;
export type VacancyResponseStatus = (typeof VACANCY_RESPONSE_STATUSES)[number];

/** What the company's admins may set: "new" is only ever the response's first state. */
export const VACANCY_RESPONSE_DECISIONS = ['seen', 'declined', 'invited'] as const;
export type VacancyResponseDecision = (typeof VACANCY_RESPONSE_DECISIONS)[number];

/** newest: latest first; closing: soonest closing date first (none last); title: A to Z. */
export const VACANCY_SORTS = ['newest', 'closing', 'title'] as const;
export type VacancySort = (typeof VACANCY_SORTS)[number];

export const VACANCY_TITLE_MAX = 150;
export const VACANCY_DESCRIPTION_MAX = 20_000;
export const VACANCY_LOCATION_MAX = 150;
export const VACANCY_SKILLS_MAX = 15;
/** Whole currency units a year; far above any real salary, well inside a 32-bit column. */
export const VACANCY_SALARY_MAX = 1_000_000_000;
export const VACANCY_MESSAGE_MAX = 3000;
export const VACANCIES_PER_PAGE = 20;
/** A jobs feed is read up to this many items (newest first). */
export const JOB_FEED_ITEMS_MAX = 200;
export const EXTERNAL_JOB_TITLE_MAX = 300;
export const EXTERNAL_JOB_SUMMARY_MAX = 2000;
/** How long a CV's download address lives. */
export const VACANCY_CV_URL_TTL_S = 300;

/** The CV types Lobby takes, by the type the server sniffs from the content. */
export const CV_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
export type CvKind = keyof typeof CV_TYPES;
export type CvType = (typeof CV_TYPES)[CvKind];
/** For the file picker (`accept`): extensions and types together. */
export const CV_ACCEPT = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type VacancyState = 'draft' | 'open' | 'closed';

/** A draft is unpublished; a published vacancy is open until its closing moment, closed after it. */
export function vacancyState(vacancy: { published: boolean; closesAt: Date | null }, now: Date): VacancyState {
  if (!vacancy.published) return 'draft';
  return vacancy.closesAt === null || vacancy.closesAt.getTime() > now.getTime() ? 'open' : 'closed';
}

/** ISO 4217: three capital letters the runtime knows as a currency (where it can tell). */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('currency').includes(code) : true;
}

export type SalaryProblem = 'min_over_max' | 'currency_required' | 'currency_unknown' | 'amount_required' | null;

/**
 * A salary range: either bound may be left out; a given bound needs a currency, a currency needs a
 * bound, and the lower bound is not above the upper one.
 */
export function salaryProblem(min: number | null, max: number | null, currency: string | null): SalaryProblem {
  if (min === null && max === null) return currency === null ? null : 'amount_required';
  if (currency === null) return 'currency_required';
  if (!isCurrencyCode(currency)) return 'currency_unknown';
  if (min !== null && max !== null && min > max) return 'min_over_max';
  return null;
}

/**
 * Whether a response's status may become `to`. "seen" only follows "new" (opening the list marks
 * it; a decision is never undone into "seen"); declined and invited may replace each other, as a
 * company changes its mind; the same status again is a no-op and allowed.
 */
export function mayChangeResponse(from: VacancyResponseStatus, to: VacancyResponseDecision): boolean {
  if (from === to) return true;
  if (to === 'seen') return from === 'new';
  return true;
}

/** The vacancy's skills the reader has proved in an academy, in the vacancy's order. */
export const matchingSkills = (vacancySkills: readonly number[], verified: ReadonlySet<number>): number[] => vacancySkills.filter((skill) => verified.has(skill));

/** Skills as stored: each once, in the order given. */
export const uniqueSkills = (skills: readonly number[]): number[] => [...new Set(skills)];

// CV files ----------------------------------------------------------------------------------------

const startsWith = (head: Uint8Array, bytes: readonly number[]): boolean => head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte);
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** Bytes the first check needs before it can say anything. */
export const CV_SNIFF_BYTES = 8;

/**
 * What a file's first bytes say it is: a PDF, an OLE2 compound file (a Word 97-2003 document
 * among others) or a zip (a docx among others); null for anything else. The second look (which
 * OLE2 or zip it is) needs the whole file: cvKindOfContainer.
 */
export function sniffCvHead(head: Uint8Array): 'pdf' | 'ole2' | 'zip' | null {
  if (startsWith(head, PDF)) return 'pdf';
  if (startsWith(head, OLE2)) return 'ole2';
  if (startsWith(head, ZIP)) return 'zip';
  return null;
}

/**
 * The CV kind of a container: a zip is a docx when one of its entries is word/document.xml; an
 * OLE2 file is a .doc when its directory names the WordDocument stream (an Excel or PowerPoint
 * file has no such stream).
 */
export function cvKindOfContainer(container: 'ole2' | 'zip', facts: { zipEntries?: readonly string[]; hasWordStream?: boolean }): CvKind | null {
  if (container === 'zip') return (facts.zipEntries ?? []).includes('word/document.xml') ? 'docx' : null;
  return facts.hasWordStream ? 'doc' : null;
}

/**
 * The browser's check before sending (the server sniffs the content again): the name's extension
 * or the type the browser gives, and the size.
 */
export function cvFileProblem(file: { name: string; size: number; type: string }, maxBytes: number): 'empty' | 'too_large' | 'bad_type' | null {
  const known = (Object.values(CV_TYPES) as string[]).includes(file.type) || /\.(pdf|docx?)$/i.test(file.name);
  if (!known) return 'bad_type';
  if (file.size === 0) return 'empty';
  if (file.size > maxBytes) return 'too_large';
  return null;
}
