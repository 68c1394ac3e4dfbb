/**
 * Where uploaded documents live. The default keeps them in a local directory (FILE_DIR, under DATA_DIR);
 * an object store is one new file implementing this.
 */
export interface FileStorage {
  /** stores the bytes under a new opaque key and returns it */
  put(bytes: Uint8Array, hint: { userId: number; kind: string; extension: string }): Promise<string>;
  get(key: string): Promise<Uint8Array>;
  remove(key: string): Promise<void>;
}
