import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from '../src/db/lock.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'loan-lock-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A pid that is certainly not running: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

describe('the embedded database lock', () => {
  it('a second open of the same data directory is refused while the first is open; released on close', async () => {
    const dir = tempDir();
    const first = await openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
      await expect(openDatabase({ databaseUrl: null, dataDir: dir })).rejects.toThrow(DataDirLockedError);
      await expect(openDatabase({ databaseUrl: null, dataDir: dir })).rejects.toThrow(/正被另一个进程.*使用/);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = await openDatabase({ databaseUrl: null, dataDir: dir });
    await again.close();
  }, 60_000);

  it('takes over the stale lock of a dead process', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), `${deadPid()}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over an unreadable lock file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), 'garbage');
    acquireDataDirLock(dir).release();
  });

  it('a second server on the same DATA_DIR refuses to start: clear message, exit code 1', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    try {
      const result = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(import.meta.dirname, '..', 'src', 'main.ts')],
        {
          env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: '39999', LOG_LEVEL: 'silent' },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`正被另一个进程（pid ${process.pid}）使用`);
      expect(result.stderr).toContain('is in use by another process');
    } finally {
      lock.release();
    }
  }, 60_000);
});
