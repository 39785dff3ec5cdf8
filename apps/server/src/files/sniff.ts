import type { DOMPurify } from 'dompurify';

const SVG = 'image/svg+xml';
let purifier: DOMPurify | undefined;

/** One DOM for every SVG, loaded and made on first use: jsdom is heavy and most uploads are bitmaps. */
async function purify(): Promise<DOMPurify> {
  if (!purifier) {
    const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
    purifier = createDOMPurify(new JSDOM('').window);
  }
  return purifier;
}

/** Text that claims to be an SVG document (an XML prolog, comments or a doctype may come first). */
const looksLikeSvg = (data: Buffer): boolean => /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(data.subarray(0, 4096).toString('utf8'));

/**
 * The type of a file by its first bytes, never its name. An SVG is accepted only where `allowed`
 * has it, and comes back sanitised: scripts, event handlers and foreign objects are removed.
 */
export async function sniffImage(data: Buffer, allowed: readonly string[]): Promise<{ contentType: string; data: Buffer } | null> {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(data);
  if (detected) return allowed.includes(detected.mime) ? { contentType: detected.mime, data } : null;
  if (!allowed.includes(SVG) || !looksLikeSvg(data)) return null;
  const clean = (await purify()).sanitize(data.toString('utf8'), { USE_PROFILES: { svg: true, svgFilters: true } });
  if (!/<svg[\s>]/i.test(clean)) return null;
  return { contentType: SVG, data: Buffer.from(clean, 'utf8') };
}
