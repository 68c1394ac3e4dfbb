import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Command, S3Sender } from '../../src/adapters/files/s3.ts';

export interface FakeObject {
  body: Buffer;
  metadata: Record<string, string>;
}

/** An in-memory S3 bucket behind the SDK's commands: what the adapter sends, and what the bucket holds. */
export function fakeS3(bucket: string): S3Sender & { objects: Map<string, FakeObject>; sent: S3Command[] } {
  const objects = new Map<string, FakeObject>();
  const sent: S3Command[] = [];
  const noSuchKey = () =>
    Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });
  return {
    objects,
    sent,
    async send(command) {
      sent.push(command);
      if (command.input.Bucket !== bucket)
        throw Object.assign(new Error('no bucket'), { name: 'NoSuchBucket' });
      const key = command.input.Key ?? '';
      if (command instanceof PutObjectCommand) {
        const body = command.input.Body;
        if (!(body instanceof Uint8Array)) throw new Error('the adapter sends bytes');
        objects.set(key, { body: Buffer.from(body), metadata: { ...command.input.Metadata } });
        return {};
      }
      if (command instanceof GetObjectCommand) {
        const found = objects.get(key);
        if (!found) throw noSuchKey();
        return { Body: { transformToByteArray: async () => new Uint8Array(found.body) } };
      }
      if (command instanceof DeleteObjectCommand) {
        objects.delete(key);
        return {};
      }
      throw new Error('unexpected command');
    },
  };
}
