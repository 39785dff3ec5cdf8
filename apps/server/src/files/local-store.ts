import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertKey, contentTypeOfKey, type ByteRange, type FileStore, type StoredFile } from './store.ts';

/** Files in one folder (DATA_DIR/files by default). */
export class LocalFileStore implements FileStore {
  readonly kind = 'local';
  private ready: Promise<unknown> | undefined;

  constructor(private readonly folder: string) {}

  private async folderReady(): Promise<void> {
    this.ready ??= mkdir(this.folder, { recursive: true });
    await this.ready;
  }

  async put(key: string, body: Buffer): Promise<void> {
    assertKey(key);
    await this.folderReady();
    // Written aside and renamed, so a reader never sees half a file.
    const temporary = join(this.folder, `.${key}.part`);
    await writeFile(temporary, body);
    await rename(temporary, join(this.folder, key));
  }

  async open(key: string, range?: ByteRange): Promise<StoredFile | null> {
    assertKey(key);
    const path = join(this.folder, key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      if (range) return { stream: createReadStream(path, range), contentType: contentTypeOfKey(key), size: Math.max(0, Math.min(range.end, info.size - 1) - range.start + 1) };
      return { stream: createReadStream(path), contentType: contentTypeOfKey(key), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await rm(join(this.folder, key), { force: true });
  }
}
