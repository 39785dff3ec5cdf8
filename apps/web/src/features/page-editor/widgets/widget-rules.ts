// The pure rules of the page editor's widgets (contract.md sections 4, 5, 9; issue 14 "Editor"):
// colour acceptance, a video's id from its link, the picture checks, the SVG sanitiser, block links.
import { DEFAULT_COLOUR, EDITOR_IMAGE_TYPES, EDITOR_UPLOAD_MAX_BYTES, isPageLink, isValidColour, normaliseVideoUrl, PAGE_VIDEO_SOURCES, PICTURE_URL, youtubeId, ZVideoData } from '@lobby/contract';

// ---------------------------------------------------------------------------------------------
// Colour

/** What typed text means: a colour to store, nothing (cleared), or not a colour (shown, never stored). */
export type ColourInput = { ok: true; value: string | undefined } | { ok: false };

/** The colour widget's rule (the contract's isValidColour) on the typed text; blank clears the colour. */
export function acceptColour(text: string): ColourInput {
  const value = text.trim();
  if (value === '') return { ok: true, value: undefined };
  return isValidColour(value) ? { ok: true, value } : { ok: false };
}

/**
 * The swatch's colour (a native colour input takes only #rrggbb): #rgb is widened, #rrggbb kept,
 * anything else (unset, invalid, or seven digits without #) shows the default #000000.
 */
export function swatchColour(value: string | undefined): string {
  const text = value?.trim() ?? '';
  if (/^#[0-9a-f]{6}$/i.test(text)) return text.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(text)) return `#${[...text.slice(1)].map((digit) => digit + digit).join('')}`.toLowerCase();
  return DEFAULT_COLOUR;
}

// ---------------------------------------------------------------------------------------------
// Video

export type PageVideoSource = (typeof PAGE_VIDEO_SOURCES)[number];
export interface VideoValue {
  source: PageVideoSource;
  videoId: string;
  videoUrl: string;
}

/** The last non-empty part of a link's path (an absolute http(s) address or a path of this site), decoded; null otherwise. */
export function lastPathPart(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim(), 'https://lobby.invalid');
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const last = url.pathname.split('/').filter((part) => part.length > 0).pop();
  if (last === undefined) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * The id a source knows a video by, read from its link: YouTube's 11-character id, Google Drive's
 * file id, Gcore's last path part (of a Gcore player link), a WN Meet recording's last path part
 * (of a link that is no other source's).
 * null when the link is not one of that source.
 */
export function deriveVideoId(source: PageVideoSource, link: string): string | null {
  const text = link.trim();
  if (text === '') return null;
  switch (source) {
    case 'youtube':
      return youtubeId(text);
    case 'googledrive': {
      const video = normaliseVideoUrl(text);
      return video?.source === 'googledrive' ? video.video_id : null;
    }
    case 'gcore':
      return normaliseVideoUrl(text)?.source === 'gcore' ? lastPathPart(text) : null;
    case 'jitsi': {
      // A recording's link may be anywhere (the store's address), but never a link of another source.
      const other = normaliseVideoUrl(text);
      return other && other.source !== 'jitsi' ? null : lastPathPart(text);
    }
  }
}

const ZVideoFields = ZVideoData.pick({ source: true, videoId: true, videoUrl: true });

/** What the video widget's source and link make: a video (ZVideoData's rules), nothing (blank link), or the spec's error. */
export type VideoInput = { ok: true; value: VideoValue | undefined } | { ok: false };

export function acceptVideo(source: string, link: string): VideoInput {
  const videoUrl = link.trim();
  if (videoUrl === '') return { ok: true, value: undefined };
  const isSource = (PAGE_VIDEO_SOURCES as readonly string[]).includes(source);
  const videoId = isSource ? deriveVideoId(source as PageVideoSource, videoUrl) : null;
  const parsed = ZVideoFields.safeParse({ source, videoId: videoId ?? '', videoUrl });
  return parsed.success ? { ok: true, value: { source: parsed.data.source, videoId: parsed.data.videoId, videoUrl: parsed.data.videoUrl } } : { ok: false };
}

/** A recording's date in the person's language and timezone. */
export function formatRecordingDate(iso: string, language: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

// ---------------------------------------------------------------------------------------------
// Picture

/** What the picture widget takes: png, jpg, jpeg, gif and svg (contract.md section 5, editor widget). */
export const EDITOR_IMAGE_ACCEPT = [...EDITOR_IMAGE_TYPES, '.png', '.jpg', '.jpeg', '.gif', '.svg'].join(',');
const EXTENSION_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml' };

/** The picture's type from its declared type, or from its name when the browser gives none; null when not accepted. */
export function editorImageType(file: { name: string; type: string }): string | null {
  if (file.type) return (EDITOR_IMAGE_TYPES as readonly string[]).includes(file.type) ? file.type : null;
  const extension = /\.([a-z]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return extension === undefined ? null : (EXTENSION_TYPES[extension] ?? null);
}

export type ImageProblem = 'wrong_type' | 'too_large';

/**
 * Checks the first of the files dropped or chosen; the others are ignored, never checked (contract.md
 * section 5). null when it may be uploaded (or there is no file).
 */
export function checkFirstImage(files: ArrayLike<{ name: string; type: string; size: number }> | null | undefined, maxBytes: number = EDITOR_UPLOAD_MAX_BYTES): ImageProblem | null {
  const first = files?.[0];
  if (!first) return null;
  if (editorImageType(first) === null) return 'wrong_type';
  return first.size > maxBytes ? 'too_large' : null;
}

/**
 * Whether the cropper is offered for this type: a canvas cannot write SVG (a drawing, not pixels) or
 * GIF (its frames would be lost), so those are uploaded as they are and the cropped picture keeps its type.
 */
export const canCrop = (type: string | null): boolean => type === 'image/png' || type === 'image/jpeg';

/** A pasted picture address: https only (an address of this site comes from the upload itself). */
export const isPastedImageUrl = (text: string): boolean => {
  const value = text.trim();
  return /^https:\/\//i.test(value) && PICTURE_URL.test(value);
};

// ---------------------------------------------------------------------------------------------
// SVG

const SVG_NS = 'http://www.w3.org/2000/svg';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
/** Elements removed with everything inside them. */
const REMOVED_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);
// A scheme is read without whitespace or control characters, as browsers do ("java\tscript:").
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const IGNORED_IN_URL = /[\u0000-\u0020\u007f-\u009f]+/g;
const SCRIPT_URL = /(?:javascript|vbscript|livescript):|data:text\/html/i;

/** Whether an attribute's text (a link, a style, an animation's values) can carry a script. */
export const carriesScript = (text: string): boolean => SCRIPT_URL.test(text.replace(IGNORED_IN_URL, ''));

/** An animation (<set>, <animate>) that would write an event handler or a link. */
const animatesScript = (element: Element): boolean => {
  const target = element.getAttribute('attributeName')?.trim().toLowerCase() ?? '';
  return target.startsWith('on') || target.endsWith('href');
};

interface SvgDom {
  DOMParser: new () => { parseFromString(text: string, type: 'image/svg+xml'): Document };
  XMLSerializer: new () => { serializeToString(node: Node): string };
}

/**
 * Sanitises an SVG before upload: removes <script>, <foreignObject> (and iframe, embed, object,
 * handler, listener), elements of the HTML namespace, animations of event handlers or links, on*
 * attributes, attributes whose text holds a
 * javascript:, vbscript: or data:text/html address, and style sheets that hold one or an @import;
 * the doctype and processing instructions are dropped (only the <svg> element is kept). null when
 * the text is not a well-formed SVG document. The server sniffs every upload as well.
 */
export function sanitiseSvg(text: string, dom: SvgDom = globalThis as unknown as SvgDom): string | null {
  const doc = new dom.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || doc.getElementsByTagName('parsererror').length > 0) return null;
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS) return null;
  for (const element of Array.from(root.getElementsByTagName('*'))) {
    if (!root.contains(element)) continue;
    const name = element.localName.toLowerCase();
    const styleSheetWithScript = name === 'style' && (carriesScript(element.textContent ?? '') || /@import/i.test(element.textContent ?? ''));
    if (REMOVED_ELEMENTS.has(name) || element.namespaceURI === XHTML_NS || styleSheetWithScript || animatesScript(element)) {
      element.remove();
      continue;
    }
    cleanAttributes(element);
  }
  cleanAttributes(root);
  removeInstructions(root);
  return new dom.XMLSerializer().serializeToString(root);
}

function cleanAttributes(element: Element): void {
  for (const attribute of Array.from(element.attributes)) {
    if (attribute.localName.toLowerCase().startsWith('on') || carriesScript(attribute.value)) element.removeAttributeNode(attribute);
  }
}

/** Processing instructions inside the drawing (an <?xml-stylesheet?> would load a style sheet). */
function removeInstructions(node: Node): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 7) node.removeChild(child);
    else removeInstructions(child);
  }
}

// ---------------------------------------------------------------------------------------------
// Block links

export type LinkInput = { ok: true; value: string | undefined } | { ok: false };

/** A link typed in the block link widget: a path of this site, a block link (#id) or an http(s) address (the contract's isPageLink); blank clears it. */
export function acceptLink(text: string): LinkInput {
  const value = text.trim();
  if (value === '') return { ok: true, value: undefined };
  return isPageLink(value) ? { ok: true, value } : { ok: false };
}

/** The block a stored link points at, when it is a link to a block of this page. */
export function linkedBlock<B extends { blockId: string }>(value: string | undefined, blocks: readonly B[]): B | undefined {
  if (!value?.startsWith('#')) return undefined;
  const id = value.slice(1);
  return blocks.find((block) => block.blockId === id);
}

/** A block link to a block that is not on the page (stored as is; the reading page says 'No block with such hash on the page'). */
export const isMissingBlockLink = (value: string | undefined, blocks: readonly { blockId: string }[]): boolean => value !== undefined && value.startsWith('#') && linkedBlock(value, blocks) === undefined;

/** The settings switch's value: on stores the text 'true', off clears it (contract.md section 4). */
export const settingsValue = (on: boolean): 'true' | undefined => (on ? 'true' : undefined);
export const isSettingsOn = (value: string | undefined): boolean => value === 'true';
