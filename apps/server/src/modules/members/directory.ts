import type { MemberCard } from '@lobby/contract';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { pageMeta } from '../../db/sql.ts';
import { fileUrls } from '../../files/urls.ts';
import { countCards, selectCards, type DirectoryFilter } from './directory-query.ts';
import { openDirectory } from './gate.ts';
import { presentCard } from './present-card.ts';
import type { MemberSort } from './types.ts';

export interface DirectoryRequest extends DirectoryFilter {
  page: number;
  perPage: number;
  sort: MemberSort;
  order: 'asc' | 'desc' | undefined;
}

/** The people directory, for those whose ticket opens the members section. */
export async function listDirectory(db: Db, secret: string, source: AccessSource, eventId: number, request: DirectoryRequest): Promise<{ data: MemberCard[]; meta: ReturnType<typeof pageMeta> }> {
  const event = await openDirectory(db, source, eventId);
  // Names read A to Z by default; times newest first.
  const order = request.order ?? (request.sort === 'name' ? 'asc' : 'desc');
  const page = { event, filter: request, sort: request.sort, order, reader: event.access.userId ?? 0, limit: request.perPage, offset: (request.page - 1) * request.perPage } as const;
  const { rows, total } = await selectCards(db, page);
  const files = fileUrls(secret);
  const n = total ?? (request.page > 1 ? await countCards(db, page) : 0);
  return { data: rows.map((row) => presentCard(row, files)), meta: pageMeta(request.page, request.perPage, n) };
}
