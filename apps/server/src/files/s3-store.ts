import type { S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { S3Config } from '../config.ts';
import { assertKey, contentTypeOfKey, type ByteRange, type FileStore, type StoredFile } from './store.ts';

/** Files in an S3-compatible bucket (AWS, MinIO, R2...). Objects stay private; Lobby streams them. */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  private client: S3Client | undefined;

  constructor(private readonly config: S3Config) {}

  /** The SDK is large: it loads with the first call, never on a server that stores files locally. */
  private async sdk() {
    const sdk = await import('@aws-sdk/client-s3');
    this.client ??= new sdk.S3Client({
      region: this.config.region,
      forcePathStyle: this.config.forcePathStyle,
      ...(this.config.endpoint ? { endpoint: this.config.endpoint } : {}),
      ...(this.config.accessKeyId && this.config.secretAccessKey ? { credentials: { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey } } : {}),
    });
    return { sdk, client: this.client };
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    const { sdk, client } = await this.sdk();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
  }

  async open(key: string, range?: ByteRange): Promise<StoredFile | null> {
    assertKey(key);
    const { sdk, client } = await this.sdk();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      if (!(object.Body instanceof Readable)) throw new Error('S3 answered a body that is not a stream');
      // The type comes from the key Lobby chose, not from what the bucket says.
      return { stream: object.Body, contentType: contentTypeOfKey(key), size: object.ContentLength };
    } catch (error) {
      if (error instanceof sdk.NoSuchKey || (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    const { sdk, client } = await this.sdk();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  destroy(): void {
    this.client?.destroy();
  }
}
