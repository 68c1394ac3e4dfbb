import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { FileStorageConfig } from '../../config-files.ts';
import type { BlobBackend } from './file-storage.ts';

export type S3Command = PutObjectCommand | GetObjectCommand | DeleteObjectCommand;

/** What the backend asks of the SDK's client: its `send` (tests hand in a double). */
export interface S3Sender {
  send(command: S3Command): Promise<unknown>;
}

type S3Settings = Extract<FileStorageConfig, { kind: 's3' }>;

/** The SDK's client for the configured bucket; credentials from the SDK's usual sources. */
export function createS3Sender(settings: S3Settings): S3Sender {
  const options: S3ClientConfig = { region: settings.region, forcePathStyle: settings.forcePathStyle };
  if (settings.endpoint) options.endpoint = settings.endpoint;
  const client = new S3Client(options);
  return { send: (command) => client.send(command as PutObjectCommand) };
}

const isMissing = (error: unknown) =>
  error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * Sealed documents as objects of an S3-compatible bucket, under the storage key without its `s3/`: the bucket
 * holds only sealed bytes, with the key id in the object's metadata.
 */
export function createS3Blobs(bucket: string, s3: S3Sender): BlobBackend {
  const objectKey = (key: string) => key.replace(/^s3\//, '');
  const write = async (key: string, sealed: Uint8Array, keyId: string) => {
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: objectKey(key),
        Body: sealed,
        ContentType: 'application/octet-stream',
        Metadata: { 'key-id': keyId },
      }),
    );
  };
  return {
    place: 's3',
    write,
    async read(key) {
      try {
        const answer = (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }))) as {
          Body?: { transformToByteArray(): Promise<Uint8Array> };
        };
        return answer.Body ? await answer.Body.transformToByteArray() : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    // one operator runs the rotation: the object is simply written again
    async replace(key, _previous, sealed, keyId) {
      await write(key, sealed, keyId);
      return true;
    },
  };
}
