import { buildPath, buildQuery, routes } from '@lobby/contract';
import { downloadFile } from '../../api/download.ts';

/** Downloads the contacts export (vCard or CSV). */
export const downloadContacts = (eventId: number, format: 'vcf' | 'csv'): Promise<void> =>
  downloadFile(buildPath(routes.exportContacts.path, { eventId }) + buildQuery({ format }), `contacts.${format}`);
