import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { seedDemoAccounts } from '../../src/db/seed.ts';
import { START } from './clock.ts';

/**
 * Starting PGlite from nothing runs initdb (seconds). On PGlite, build one migrated and seeded database
 * once and let every test file start its own in-memory copy of it.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const handle = await openDatabase({ databaseUrl: null, dataDir: null });
  await handle.migrate();
  await seedDemoAccounts(handle.db, START);
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const dir = mkdtempSync(join(tmpdir(), 'loan-test-template-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
