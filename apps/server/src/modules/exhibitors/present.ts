// How an exhibitor reads in the API.
import type { Exhibitor } from '@lobby/contract';
import type { FileUrls } from '../../files/urls.ts';
import type { ExhibitorRow } from './repo.ts';

export const presentExhibitor = (row: ExhibitorRow, files: FileUrls): Exhibitor => ({
  id: row.id,
  name: row.name,
  logo_url: files.url(row.logoThumbKey ?? row.logoKey),
  sponsor_type: row.sponsorType,
  location: row.location,
  media_partner: row.mediaPartner,
  members_count: row.membersCount,
});
