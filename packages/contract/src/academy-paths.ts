// Path and paging pieces the academy's calls share (not part of the package's exports).
import { z } from 'zod';
import { ZEventId } from './members.ts';

export const ZId = z.coerce.number().int().min(1).max(2_147_483_647);
export const ZEventPath = z.object({ eventId: ZEventId });
export const ZEventIdPath = z.object({ eventId: ZEventId, id: ZId });
export const ZPaging = {
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
};
