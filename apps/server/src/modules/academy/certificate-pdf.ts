// The certificate as a PDF: A4 landscape, in the student's language, with the student's name, the
// course, the course admins' text, the date and the address where anyone can check it.
import type { Language } from '@lobby/contract';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { DocumentFonts, drawRuns, widthOf, type Run, type Weight } from '../../pdf/fonts.ts';

export interface CertificateInput {
  studentName: string;
  course: string;
  text: string;
  issuedAt: Date;
  /** The course timezone, for the date. */
  timeZone: string;
  verifyUrl: string;
  language: Language;
}

const TEXTS: Record<Language, { title: string; lead: string; done: string; issued: (date: string) => string; verify: (url: string) => string }> = {
  en: { title: 'Certificate of completion', lead: 'This certifies that', done: 'has completed the course', issued: (date) => `Issued on ${date}`, verify: (url) => `Check this certificate at ${url}` },
  ru: { title: 'Сертификат об окончании курса', lead: 'Настоящим подтверждается, что', done: 'прошёл(а) курс', issued: (date) => `Выдан ${date}`, verify: (url) => `Проверить сертификат: ${url}` },
  zh: { title: '结业证书', lead: '兹证明', done: '已完成课程', issued: (date) => `颁发日期：${date}`, verify: (url) => `验证本证书：${url}` },
};

const WIDTH = 842;
const HEIGHT = 595;
const INK = rgb(0.09, 0.11, 0.16);
const MUTED = rgb(0.35, 0.39, 0.45);
const BRAND = rgb(0.23, 0.51, 0.96);

function draw(page: PDFPage, runs: readonly Run[], x: number, y: number, size: number, color = INK): void {
  drawRuns(page, runs, x, y, size, color);
}

/** Runs in one line, centred; the size shrinks until the line fits `max`. */
async function centred(page: PDFPage, fonts: DocumentFonts, text: string, y: number, size: number, weight: Weight, max = WIDTH - 140, color = INK): Promise<void> {
  const runs = await fonts.runs(text, weight);
  let fitted = size;
  while (fitted > 8 && widthOf(runs, fitted) > max) fitted -= 1;
  draw(page, runs, (WIDTH - widthOf(runs, fitted)) / 2, y, fitted, color);
}

/** Splits runs into lines no wider than `max`: at a space when the line has one, else at a character (Chinese has none). */
export function wrapRuns(runs: readonly Run[], size: number, max: number): Run[][] {
  const chars = runs.flatMap((run) => [...run.text].map((char) => ({ char, run, width: run.width(char, size) })));
  const lines: (typeof chars)[] = [];
  let line: typeof chars = [];
  let width = 0;
  for (const item of chars) {
    if (item.char === '\n') {
      lines.push(line);
      line = [];
      width = 0;
      continue;
    }
    if (width + item.width > max && line.length > 0) {
      const space = line.map((entry) => entry.char).lastIndexOf(' ');
      const rest = space > 0 ? line.slice(space + 1) : [];
      lines.push(space > 0 ? line.slice(0, space) : line);
      line = rest;
      width = rest.reduce((sum, entry) => sum + entry.width, 0);
      if (item.char === ' ' && line.length === 0) continue;
    }
    line.push(item);
    width += item.width;
  }
  if (line.length > 0) lines.push(line);
  // Back to runs: neighbours of the same run join again.
  return lines.map((entries) =>
    entries.reduce<Run[]>((out, entry) => {
      const last = out.at(-1);
      if (last && last.draw === entry.run.draw) last.text += entry.char;
      else out.push({ ...entry.run, text: entry.char });
      return out;
    }, []),
  );
}

const TEXT_LINES_MAX = 5;

export async function renderCertificatePdf(input: CertificateInput): Promise<Uint8Array> {
  const texts = TEXTS[input.language];
  const doc = await PDFDocument.create();
  doc.setTitle(`${texts.title} · ${input.studentName}`);
  doc.setSubject(input.course);
  doc.setProducer('Lobby');
  doc.setCreator('Lobby');
  doc.setCreationDate(input.issuedAt);
  const fonts = new DocumentFonts(doc);
  const page = doc.addPage([WIDTH, HEIGHT]);
  page.drawRectangle({ x: 24, y: 24, width: WIDTH - 48, height: HEIGHT - 48, borderColor: BRAND, borderWidth: 3 });
  page.drawRectangle({ x: 34, y: 34, width: WIDTH - 68, height: HEIGHT - 68, borderColor: BRAND, borderWidth: 0.75 });

  await centred(page, fonts, texts.title, 480, 34, 700, WIDTH - 140, BRAND);
  await centred(page, fonts, texts.lead, 428, 15, 400, WIDTH - 140, MUTED);
  await centred(page, fonts, input.studentName, 380, 32, 700);
  await centred(page, fonts, texts.done, 340, 15, 400, WIDTH - 140, MUTED);
  await centred(page, fonts, input.course, 302, 22, 700);

  const body = input.text.trim();
  if (body) {
    const lines = wrapRuns(await fonts.runs(body, 400), 12, WIDTH - 220).slice(0, TEXT_LINES_MAX);
    lines.forEach((line, index) => draw(page, line, (WIDTH - widthOf(line, 12)) / 2, 258 - index * 17, 12, MUTED));
  }

  const date = new Intl.DateTimeFormat(input.language, { dateStyle: 'long', timeZone: input.timeZone }).format(input.issuedAt);
  draw(page, await fonts.runs(texts.issued(date), 400), 70, 96, 12);
  draw(page, await fonts.runs(texts.verify(input.verifyUrl), 400), 70, 74, 10, MUTED);
  return doc.save();
}
