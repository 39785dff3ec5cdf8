import type { CustomPush } from '@lobby/contract';
import type { CustomPushRow } from './repo.ts';

export const presentCustomPush = (row: CustomPushRow): CustomPush => ({
  id: row.id,
  title: row.title,
  text: row.text,
  url: row.url,
  segment: row.segment,
  recipients: row.recipients,
  created_at: row.createdAt.toISOString(),
});
