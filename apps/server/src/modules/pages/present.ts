import { migratePageContent, PAGE_CONTENT_VERSION, ZPageBlock, ZPageContent, type AdminPage, type Page, type PageBlock, type PageContent } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import { signFileUrls } from './file-urls.ts';
import type { PageRow } from './repo.ts';

/**
 * Stored content read through migratePageContent. Content saved under older rules that no longer
 * pass keeps the blocks that still do (a page never fails to open for one stale block).
 */
export function contentOf(stored: unknown): PageContent {
  const migrated = migratePageContent(stored);
  const whole = ZPageContent.safeParse(migrated);
  if (whole.success) return whole.data;
  const blocks = (migrated as { blocks?: unknown }).blocks;
  const kept: PageBlock[] = [];
  const ids = new Set<string>();
  for (const candidate of Array.isArray(blocks) ? blocks : []) {
    const block = ZPageBlock.safeParse(candidate);
    if (!block.success || ids.has(block.data.blockId)) continue;
    ids.add(block.data.blockId);
    kept.push(block.data);
  }
  return { version: PAGE_CONTENT_VERSION, blocks: kept };
}

/** A page as read: its stored pictures' addresses signed for reading. */
export const presentPage = (row: PageRow, files: FileUrls): Page => ({
  slug: row.slug,
  kind: row.kind,
  title: row.title,
  content: row.kind === 'frame' ? null : signFileUrls(contentOf(row.content), files),
  frame_url: row.kind === 'frame' ? row.frameUrl : null,
  updated_at: row.updatedAt.toISOString(),
});

export const presentAdminPage = (row: PageRow, files: FileUrls): AdminPage => ({ ...presentPage(row, files), id: row.id, published: row.published, created_at: row.createdAt.toISOString() });
