import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for data at rest (ID numbers, phones, e-mails, names, bank cards, marketplace tokens).
 *
 * Stored text, base64url parts:
 * - `v2.<key id>.<iv>.<tag>.<ciphertext>`: the additional authenticated data is `<table>:<row key>:<column>`, so a
 *   value copied to another row or column does not open; the key id names the key of the keyring that sealed it.
 * - `v1.<iv>.<tag>.<ciphertext>`: the earlier format, bound to nothing and naming no key; still opened (with any
 *   key of the keyring) until the rotation command re-seals it as v2.
 */

/** The keys of one purpose: the current one seals, every one opens the values that name it. */
export interface Keyring {
  /** the key id new values carry: letters, digits, `_` and `-` */
  currentId: string;
  /** key id → 64 hex digits (32 bytes); holds currentId */
  keys: Readonly<Record<string, string>>;
}

/** Where a sealed value lives: the additional data it is bound to. */
export interface SealBinding {
  table: string;
  /** the row's key (the id, or the user id of a one-per-user table) */
  row: string | number;
  /** the column's name without its `_enc` suffix */
  column: string;
}

/** The value does not open here: altered, moved to another row or column, or sealed with a key not in the ring. */
export class SealedValueError extends Error {
  constructor(reason: string) {
    super(`sealed value unreadable: ${reason}`);
    this.name = 'SealedValueError';
  }
}

export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

const aad = (b: SealBinding) => Buffer.from(`${b.table}:${b.row}:${b.column}`, 'utf8');

function keyOf(ring: Keyring, id: string): Buffer {
  const hex = ring.keys[id];
  if (!hex) throw new SealedValueError(`key id ${id} is not in the keyring`);
  return Buffer.from(hex, 'hex');
}

export function sealValue(ring: Keyring, binding: SealBinding, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(ring, ring.currentId), iv);
  cipher.setAAD(aad(binding));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
  return ['v2', ring.currentId, ...parts].join('.');
}

function decrypt(key: Buffer, iv: string, tag: string, body: string, data: Buffer | null): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  if (data) decipher.setAAD(data);
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

function openV1(ring: Keyring, parts: string[]): string {
  const [iv, tag, body] = parts;
  if (!iv || !tag || body === undefined) throw new SealedValueError('malformed v1 value');
  const ids = [ring.currentId, ...Object.keys(ring.keys).filter((id) => id !== ring.currentId)];
  for (const id of ids) {
    try {
      return decrypt(keyOf(ring, id), iv, tag, body, null);
    } catch {
      // the next key of the ring may be the one
    }
  }
  throw new SealedValueError('no key of the keyring opens the v1 value');
}

/** Throws SealedValueError when the value does not open for this binding with this keyring. */
export function openValue(ring: Keyring, binding: SealBinding, sealed: string): string {
  const [version, ...parts] = sealed.split('.');
  if (version === 'v1') return openV1(ring, parts);
  const [id, iv, tag, body] = parts;
  if (version !== 'v2' || !id || !iv || !tag || body === undefined || parts.length !== 4) {
    throw new SealedValueError('not a sealed value');
  }
  const key = keyOf(ring, id);
  try {
    return decrypt(key, iv, tag, body, aad(binding));
  } catch {
    throw new SealedValueError(`authentication failed for ${binding.table}.${binding.column}`);
  }
}

/** True when the value is v2 under the ring's current key (nothing for the rotation to do). */
export const isSealedWithCurrentKey = (ring: Keyring, sealed: string) =>
  sealed.startsWith(`v2.${ring.currentId}.`);

/** The key id a stored value names (`v1` values name none). */
export function sealedKeyId(sealed: string): string | null {
  const [version, id] = sealed.split('.');
  return version === 'v2' && id ? id : null;
}
