// The fonts of Lobby's PDFs: Roboto (Latin, Cyrillic, Greek and Vietnamese, from @fontsource/roboto)
// embedded as subsets, and for Chinese the GB 2312 characters of Noto Sans CJK SC (./fonts; see
// scripts/make-cjk-font.sh) drawn as outlines: pdf-lib's subsetting loses the glyphs of that font,
// while its outlines print the same in every viewer. Each text is drawn in runs, each run in the
// first face that has its characters, so a name mixing scripts comes out whole.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import fontkit, { type Font, type Path } from '@pdf-lib/fontkit';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

const require = createRequire(import.meta.url);
const ROBOTO_SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'vietnamese'] as const;
export type Weight = 400 | 700;

interface Face {
  bytes: Uint8Array;
  font: Font;
  /** Embedded as a font (text stays text), or drawn glyph by glyph as outlines. */
  outlines: boolean;
}

let faces: Map<Weight, Face[]> | null = null;

/** Next to this module in the sources (src/pdf/fonts), beside main.js in a build (dist/fonts). */
const cjkFile = (): string => fileURLToPath(new URL('./fonts/noto-sans-sc-gb2312.woff2', import.meta.url));

function face(bytes: Uint8Array, outlines: boolean): Face {
  return { bytes, font: fontkit.create(bytes), outlines };
}

/** The faces of each weight in the order they are tried, read once. */
function loadFaces(): Map<Weight, Face[]> {
  if (faces) return faces;
  const cjk = face(readFileSync(cjkFile()), true);
  // WOFF (not WOFF2): fontkit's subsetting of the WOFF2 files fails.
  const roboto = (weight: Weight) => ROBOTO_SUBSETS.map((subset) => face(readFileSync(require.resolve(`@fontsource/roboto/files/roboto-${subset}-${weight}-normal.woff`)), false));
  faces = new Map([
    [400, [...roboto(400), cjk]],
    [700, [...roboto(700), cjk]],
  ]);
  return faces;
}

const has = (face: Face, codePoint: number): boolean => face.font.hasGlyphForCodePoint(codePoint);

/** A piece of text in one face: how wide it is at a size, and drawing it with its baseline at y. */
export interface Run {
  text: string;
  width(text: string, size: number): number;
  draw(page: PDFPage, text: string, x: number, y: number, size: number, color: Color): void;
}

function embeddedRun(text: string, font: PDFFont): Run {
  return {
    text,
    width: (part, size) => font.widthOfTextAtSize(part, size),
    draw: (page, part, x, y, size, color) => page.drawText(part, { x, y, size, font, color }),
  };
}

/** fontkit's paths scale (its typings leave the method out). */
type Scalable = Path & { scale(x: number, y: number): { toSVG(): string } };

function outlineRun(text: string, font: Font): Run {
  const scale = (size: number) => size / font.unitsPerEm;
  const glyphs = (part: string) => [...part].map((char) => font.glyphForCodePoint(char.codePointAt(0) ?? 0));
  return {
    text,
    width: (part, size) => glyphs(part).reduce((sum, glyph) => sum + glyph.advanceWidth, 0) * scale(size),
    draw: (page, part, x, y, size, color) => {
      let at = x;
      for (const glyph of glyphs(part)) {
        // Font units grow upwards, SVG paths downwards: flipped here, flipped back by pdf-lib.
        const path = (glyph.path as Scalable).scale(1, -1).toSVG();
        if (path) page.drawSvgPath(path, { x: at, y, scale: scale(size), color, borderWidth: 0 });
        at += glyph.advanceWidth * scale(size);
      }
    },
  };
}

/** Fonts of one document, embedded (as subsets) the first time a run needs them. */
export class DocumentFonts {
  private readonly embedded = new Map<Face, Promise<PDFFont>>();

  constructor(private readonly doc: PDFDocument) {
    doc.registerFontkit(fontkit);
  }

  private embed(face: Face): Promise<PDFFont> {
    let font = this.embedded.get(face);
    if (!font) this.embedded.set(face, (font = this.doc.embedFont(face.bytes, { subset: true })));
    return font;
  }

  /**
   * The text in runs of one face each, a run going on while its face has the next character; a
   * character no face has is left out (it would print as an empty box).
   */
  async runs(text: string, weight: Weight): Promise<Run[]> {
    const list = loadFaces().get(weight) ?? [];
    const out: { text: string; face: Face }[] = [];
    for (const char of text) {
      const codePoint = char.codePointAt(0) ?? 0;
      const last = out.at(-1);
      if (last && has(last.face, codePoint)) {
        last.text += char;
        continue;
      }
      const found = list.find((candidate) => has(candidate, codePoint));
      if (found) out.push({ text: char, face: found });
    }
    return Promise.all(out.map(async (run) => (run.face.outlines ? outlineRun(run.text, run.face.font) : embeddedRun(run.text, await this.embed(run.face)))));
  }
}

/** The width of runs at a size. */
export const widthOf = (runs: readonly Run[], size: number): number => runs.reduce((sum, run) => sum + run.width(run.text, size), 0);

/** Draws runs one after another from x along the baseline y. */
export function drawRuns(page: PDFPage, runs: readonly Run[], x: number, y: number, size: number, color: Color): void {
  let at = x;
  for (const run of runs) {
    run.draw(page, run.text, at, y, size, color);
    at += run.width(run.text, size);
  }
}
