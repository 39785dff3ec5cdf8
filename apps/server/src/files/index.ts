import { join } from 'node:path';
import type { Config } from '../config.ts';
import { LocalFileStore } from './local-store.ts';
import { S3FileStore } from './s3-store.ts';
import type { FileStore } from './store.ts';

/** S3 when S3_BUCKET is set, otherwise DATA_DIR/files. */
export function openFileStore(config: Pick<Config, 's3' | 'dataDir'>): FileStore {
  return config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(join(config.dataDir, 'files'));
}
