import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { KEY_ID_PATTERN, type Keyring, SealedValueError } from './at-rest.ts';

/**
 * AES-256-GCM for files at rest (uploaded identity documents, licences, statements), with the keyring of the
 * personal data. Stored bytes: the ASCII header `v2.<key id>.`, then the 12-byte IV, the 16-byte tag and the
 * ciphertext. The additional authenticated data is `documents:<storage key>:file`: the storage key names the
 * owner, the kind and the file, so sealed bytes copied under another key do not open.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;

const aad = (storageKey: string) => Buffer.from(`documents:${storageKey}:file`, 'utf8');

function keyOf(ring: Keyring, id: string): Buffer {
  const hex = ring.keys[id];
  if (!hex) throw new SealedValueError(`key id ${id} is not in the keyring`);
  return Buffer.from(hex, 'hex');
}

export function sealBytes(ring: Keyring, storageKey: string, plain: Uint8Array): Uint8Array {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(ring, ring.currentId), iv);
  cipher.setAAD(aad(storageKey));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  const header = Buffer.from(`v2.${ring.currentId}.`, 'ascii');
  return new Uint8Array(Buffer.concat([header, iv, cipher.getAuthTag(), body]));
}

/** The key id sealed bytes name, or null when they are not sealed bytes. */
export function sealedBytesKeyId(sealed: Uint8Array): string | null {
  const head = Buffer.from(sealed.subarray(0, 40)).toString('latin1');
  const match = /^v2\.([A-Za-z0-9_-]{1,32})\./.exec(head);
  return match?.[1] && KEY_ID_PATTERN.test(match[1]) ? match[1] : null;
}

/** Throws SealedValueError when the bytes do not open for this storage key with this keyring. */
export function openBytes(ring: Keyring, storageKey: string, sealed: Uint8Array): Uint8Array {
  const id = sealedBytesKeyId(sealed);
  if (!id) throw new SealedValueError('not sealed bytes');
  const start = `v2.${id}.`.length;
  if (sealed.length < start + IV_BYTES + TAG_BYTES) throw new SealedValueError('sealed bytes cut short');
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const decipher = createDecipheriv('aes-256-gcm', keyOf(ring, id), bytes.subarray(start, start + IV_BYTES));
  decipher.setAAD(aad(storageKey));
  decipher.setAuthTag(bytes.subarray(start + IV_BYTES, start + IV_BYTES + TAG_BYTES));
  try {
    return new Uint8Array(
      Buffer.concat([decipher.update(bytes.subarray(start + IV_BYTES + TAG_BYTES)), decipher.final()]),
    );
  } catch {
    throw new SealedValueError(`authentication failed for document ${storageKey}`);
  }
}
