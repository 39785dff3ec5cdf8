import { buildPath, buildQuery, routes } from '@lobby/contract';
import { downloadFile } from '../../api/download.ts';

/** Saves a page's form submissions as CSV (one form's with blockId). */
export const downloadSubmissions = (eventId: number, pageId: number, blockId?: string): Promise<void> =>
  downloadFile(buildPath(routes.adminExportFormSubmissions.path, { eventId, pageId }) + buildQuery(blockId ? { block_id: blockId } : {}), `page-${pageId}-submissions.csv`, 'text/csv');
