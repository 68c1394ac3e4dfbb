import { createCipheriv, randomBytes } from 'node:crypto';

/** A value sealed in the earlier v1 format: AES-256-GCM with no key id and bound to nothing. */
export function sealV1(keyHex: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url'))].join('.');
}
