import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fsyncPath } from '../lib/fsync-path.ts';

/** Marks a complete cluster: moved into the data directory last. */
const VERSION_FILE = 'PG_VERSION';
const STAGING = '.new-cluster';

/**
 * Makes sure dataDir holds an embedded database cluster. The first start creates it in a child process
 * (create-cluster.mjs) so that initdb's memory leaves with that process: run inside the server, it kept the
 * server at about 900 MiB for as long as it ran. The child builds the cluster beside the data (in a staging
 * folder), and its entries are moved in with PG_VERSION last, so a start cut off half-way is simply redone.
 */
export async function ensureCluster(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, VERSION_FILE))) return;
  const staging = join(dataDir, STAGING);
  rmSync(staging, { recursive: true, force: true });
  await runCreateCluster(staging);
  const entries = readdirSync(staging).filter((name) => name !== VERSION_FILE);
  for (const name of [...entries, VERSION_FILE]) {
    // a leftover of a start cut off half-way (no PG_VERSION: not a cluster yet) is replaced
    rmSync(join(dataDir, name), { recursive: true, force: true });
    renameSync(join(staging, name), join(dataDir, name));
  }
  rmSync(staging, { recursive: true, force: true });
  fsyncPath(dataDir);
}

function runCreateCluster(target: string): Promise<void> {
  const script = join(import.meta.dirname, 'create-cluster.mjs');
  const child = spawn(process.execPath, [script, target], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `创建内嵌数据库失败 / creating the embedded database failed (${signal ?? `exit code ${code}`})\n${stderr}`,
          ),
        );
    });
  });
}
