import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from '../src/db/lock.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'loan-lock-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The pid the lock file records (its first line). */
function lockOwner(dir: string): string {
  return readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')[0]!.trim();
}

/** A live process started by `command`, once it has printed its first line. */
function started(command: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}`)));
    child.stdout!.once('data', () => resolve(child));
  });
}

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
      expect(lockOwner(dir)).toBe(String(process.pid));
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
    expect(lockOwner(dir)).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('does not remove a stale lock while another start is taking it over (its takeover mark is fresh)', () => {
    const dir = tempDir();
    const stale = `${deadPid()}\n`;
    writeFileSync(join(dir, LOCK_FILE), stale);
    mkdirSync(join(dir, `${LOCK_FILE}.takeover`));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(stale);
  });

  it('clears a takeover mark left by a start that died in it, then takes the stale lock over', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), `${deadPid()}\n`);
    const mark = join(dir, `${LOCK_FILE}.takeover`);
    mkdirSync(mark);
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(mark, minuteAgo, minuteAgo);
    const lock = acquireDataDirLock(dir);
    expect(lockOwner(dir)).toBe(String(process.pid));
    expect(existsSync(mark)).toBe(false);
    lock.release();
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

  it('takes over a lock that records our own pid when this process does not hold it (PID 1 after a kill -9)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), `${process.pid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(lockOwner(dir)).toBe(String(process.pid));
    // held now: a second open in this process is refused
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over the lock of a live process that is not a portal server (its pid reused)', async () => {
    const dir = tempDir();
    const other = await started('sh', ['-c', 'echo up; exec sleep 600']);
    writeFileSync(join(dir, LOCK_FILE), `${other.pid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(lockOwner(dir)).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock whose pid is alive but started later than the recorded owner', async () => {
    const dir = tempDir();
    const other = await started(process.execPath, ['-e', 'console.log("up"); setInterval(() => {}, 1000)']);
    writeFileSync(join(dir, LOCK_FILE), `${other.pid}\n1\n`);
    acquireDataDirLock(dir).release();
  });

  it('refuses the lock of a live portal process and says how to recover', async () => {
    const dir = tempDir();
    const lockModule = join(import.meta.dirname, '..', 'src', 'db', 'lock.ts');
    const holder = await started(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
       acquireDataDirLock(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000);`,
    ]);
    expect(lockOwner(dir)).toBe(String(holder.pid));
    const refusal = (() => {
      try {
        acquireDataDirLock(dir);
      } catch (error) {
        return error as Error;
      }
      throw new Error('the lock was taken from a running portal process');
    })();
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    const lockPath = join(dir, LOCK_FILE);
    expect(refusal.message).toContain(`正被另一个进程（pid ${holder.pid}）使用`);
    expect(refusal.message).toContain(`删除锁文件 ${lockPath}`);
    expect(refusal.message).toContain(`kill ${holder.pid}`);
    expect(refusal.message).toContain(`delete the lock file ${lockPath}`);
    expect(lockOwner(dir)).toBe(String(holder.pid));
  }, 60_000);
});
