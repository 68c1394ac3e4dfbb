// Creates an embedded database cluster (PGlite's initdb) in the (empty) directory given as the argument, syncs
// every file and directory of it to disk, and exits. Run as a child process by client.ts on the first start, so
// that initdb's memory (hundreds of MiB of WASM heap that is never returned) leaves with this process instead
// of staying in the server's.
import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

function syncTree(path) {
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory()) syncTree(join(path, entry.name));
    else if (entry.isFile()) syncPath(join(path, entry.name));
  }
  syncPath(path);
}

function syncPath(path) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: create-cluster.mjs <data directory>');
  process.exit(2);
}
const db = await PGlite.create({ dataDir });
await db.close();
syncTree(dataDir);
