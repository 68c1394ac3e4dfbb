import { fsyncSync } from 'node:fs';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite's data directory on the real disk, with fsync that reaches the disk.
 *
 * Emscripten's NODEFS (under PGlite's NodeFS) has no fsync of its own: PostgreSQL's fsync() returns at once and
 * its fdatasync() is a no-op, so even with `fsync=on` a commit would only be in the OS page cache. This adds the
 * missing operation (the file's real descriptor synced with fsync(2)); with `wal_sync_method=fsync` (see
 * client.ts) every commit's WAL flush and every checkpoint goes through it.
 */

type PostgresMod = Parameters<NodeFS['init']>[1];

interface NodeStream {
  nfd?: number;
}
interface EmscriptenNodeFs {
  stream_ops: Record<string, unknown> & { fsync?: (stream: NodeStream) => number };
  tryFSOperation<T>(operation: () => T): T;
}

let syncs = 0;

/** How many fsync(2) calls the embedded database has made in this process (tests read it). */
export function diskSyncCount(): number {
  return syncs;
}

function addFsync(nodefs: EmscriptenNodeFs): void {
  nodefs.stream_ops.fsync = (stream: NodeStream) => {
    const fd = stream.nfd;
    if (fd === undefined) return 0;
    nodefs.tryFSOperation(() => fsyncSync(fd));
    syncs++;
    return 0;
  };
}

export class DurableNodeFS extends NodeFS {
  override async init(pg: Parameters<NodeFS['init']>[0], opts: PostgresMod): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod: object) => addFsync((mod as unknown as { NODEFS: EmscriptenNodeFs }).NODEFS),
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}
