// The frames organiser pages show (issue 14): the https origins of published frame pages and of
// their pages' visible Iframe blocks, which the page CSP's frame-src allows (app.ts).
import { BlockType, type PageKind } from '@lobby/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contentOf } from './present.ts';
import { framedPages } from './repo.ts';

/** A header stays small whatever the organisers add: origins past this many are left out (and logged). */
export const FRAME_ORIGINS_MAX = 200;
/** How old the list may get before a request reloads it (other nodes' changes arrive so). */
export const FRAME_ORIGINS_TTL_MS = 60_000;

const DOMAIN = z.regexes.domain;

/** The origin of an https address with a host name and no credentials; null for anything else. */
export function httpsOrigin(address: unknown): string | null {
  if (typeof address !== 'string') return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || !DOMAIN.test(url.hostname)) return null;
  return url.origin;
}

export interface FramedPage {
  kind: PageKind;
  content: unknown;
  frameUrl: string | null;
}

/** The distinct origins the pages frame, in page order: a frame page's address, its visible Iframe blocks' addresses. */
export function frameOriginsOf(pages: readonly FramedPage[]): string[] {
  const origins = new Set<string>();
  for (const page of pages) {
    if (page.kind === 'frame') {
      const origin = httpsOrigin(page.frameUrl);
      if (origin) origins.add(origin);
      continue;
    }
    for (const block of contentOf(page.content).blocks) {
      if (block.id !== BlockType.Iframe || block.hidden) continue;
      const origin = httpsOrigin(block.editorData.url);
      if (origin) origins.add(origin);
    }
  }
  return [...origins];
}

/**
 * The origins, kept in memory: loaded at start, reloaded after each page change on this node and,
 * when a request finds them older than FRAME_ORIGINS_TTL_MS, in the background. A reload asked for
 * while one runs runs after it, so a change committed meanwhile is never missed.
 */
export class FrameOrigins {
  private origins: string[] = [];
  private loadedAt = Number.NEGATIVE_INFINITY;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(
    private readonly load: () => Promise<string[]>,
    private readonly onError: (error: unknown, context: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reloads the list; never rejects (a failed load keeps the last list and is reported). */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.running) return (this.running = this.run());
    const after = this.running;
    this.queued = after.then(() => {
      this.queued = null;
      return (this.running = this.run());
    });
    return this.queued;
  }

  /** The frame-src sources as a helmet directive function: the origins joined by spaces. */
  readonly source = (): string => {
    if (this.now() - this.loadedAt > FRAME_ORIGINS_TTL_MS && !this.running) void this.refresh();
    return this.origins.join(' ');
  };

  /** The list as the last load left it. */
  current(): readonly string[] {
    return this.origins;
  }

  private async run(): Promise<void> {
    try {
      const origins = await this.load();
      if (origins.length > FRAME_ORIGINS_MAX) this.onError(new Error(`${origins.length} framed origins; the first ${FRAME_ORIGINS_MAX} are allowed`), 'frame origins cut');
      this.origins = origins.slice(0, FRAME_ORIGINS_MAX);
    } catch (error) {
      this.onError(error, 'frame origins not loaded');
    } finally {
      // A failed load waits for the next period too, rather than running on every request.
      this.loadedAt = this.now();
      this.running = null;
    }
  }
}

/** The cache of one database's published pages. */
export const frameOriginsCache = (db: Db, onError: (error: unknown, context: string) => void): FrameOrigins => new FrameOrigins(async () => frameOriginsOf(await framedPages(db)), onError);
