import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { FileStorage } from './file-storage.ts';

/** Keys of the earlier plain store; sealed keys start with their place (sealed.ts). */
export const LOCAL_KEY_SHAPE = /^u\d+\/[A-Z_]+-[0-9a-f-]{36}\.(jpg|png|pdf)$/;

/**
 * Plain files in a local directory, as uploads were kept before they were sealed: read, and removed, until the
 * start has moved them into the sealed store (modules/documents/move-local.ts). `<dir>/u<userId>/<KIND>-<uuid>.<ext>`;
 * keys are never built from user text.
 */
export function createLocalFileStorage(dir: string): FileStorage {
  const root = resolve(dir);
  const pathOf = (key: string): string => {
    if (!LOCAL_KEY_SHAPE.test(key)) throw new Error(`bad storage key: ${key}`);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`bad storage key: ${key}`);
    return path;
  };
  return {
    async put(bytes, { userId, kind, extension }) {
      const key = `u${userId}/${kind}-${randomUUID()}.${extension}`;
      const path = pathOf(key);
      await mkdir(join(root, `u${userId}`), { recursive: true, mode: 0o700 });
      await writeFile(path, bytes, { mode: 0o600, flag: 'wx' });
      return key;
    },
    async get(key) {
      return new Uint8Array(await readFile(pathOf(key)));
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
