import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database is one process only: a lock file in the data directory holds the owner's pid.
 * A second process refuses to open the directory; a lock left by a dead process is taken over.
 */
export const LOCK_FILE = 'portal.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `数据目录 ${dataDir} 正被另一个进程（pid ${pid}）使用：内嵌数据库同一时间只能由一个进程打开。` +
        `请先停止该进程（例如正在运行的服务器），或设置不同的 DATA_DIR。\n` +
        `The data directory ${dataDir} is in use by another process (pid ${pid}): the embedded database ` +
        `can be opened by one process at a time. Stop that process (e.g. the running server) or set another DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function tryCreate(path: string): boolean {
  try {
    const fd = openSync(path, 'wx');
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Takes the lock of dataDir (creating the directory) or throws DataDirLockedError. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(path)) return lockHandle(path);
    const owner = readOwner(path);
    if (owner !== null && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
    // stale (dead owner or unreadable): take it over
    try {
      unlinkSync(path);
    } catch {
      // someone else removed it first: try again
    }
  }
  throw new DataDirLockedError(dataDir, readOwner(path) ?? 0);
}

function lockHandle(path: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readOwner(path) !== process.pid) return;
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return { path, release };
}
