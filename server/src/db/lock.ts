import {
  linkSync,
  mkdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';

/**
 * The embedded database is one process only: a lock file in the data directory holds the owner's pid (and,
 * where /proc exists, its start time). A second process refuses to open the directory while the owner runs.
 * A lock is stale, and taken over, when its owner is dead, when its pid is ours but this process does not hold
 * it (a container's PID 1 restarted after a kill -9), or when the pid now belongs to another program (its start
 * time differs, or it is not a Node.js process).
 */
export const LOCK_FILE = 'portal.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly lockPath: string = join(dataDir, LOCK_FILE),
  ) {
    super(
      `数据目录 ${dataDir} 正被另一个进程（pid ${pid}）使用：内嵌数据库同一时间只能由一个进程打开。\n` +
        `恢复方法：停止该进程（例如正在运行的服务器：kill ${pid}）后重新启动，或设置不同的 DATA_DIR；` +
        `如果确定没有服务器在运行，删除锁文件 ${lockPath} 后重新启动。\n` +
        `The data directory ${dataDir} is in use by another process (pid ${pid}): the embedded database ` +
        `can be opened by one process at a time.\n` +
        `To recover: stop that process (e.g. the running server: kill ${pid}) and start again, or set another ` +
        `DATA_DIR; if you are sure no server runs, delete the lock file ${lockPath} and start again.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  path: string;
  release(): void;
}

interface Owner {
  pid: number;
  /** the owner's start time in clock ticks since boot (/proc/<pid>/stat), when it was known */
  startTicks: string | null;
}

/** Lock files this process holds: its own pid in one of them is not stale. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readProc(pid: number, file: 'stat' | 'cmdline'): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
function startTicks(pid: number): string | null {
  const stat = readProc(pid, 'stat');
  if (stat === null) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

/** A portal server, command or test runs in Node.js: the program of its command line is node. */
function runsNode(cmdline: string): boolean {
  const program = basename(cmdline.split('\0')[0] ?? '');
  return /^node(js)?(\d+(\.\d+)*)?(\.exe)?$/i.test(program);
}

function ownerRuns(owner: Owner, path: string): boolean {
  if (owner.pid === process.pid) return held.has(path);
  if (!isAlive(owner.pid)) return false;
  const cmdline = readProc(owner.pid, 'cmdline');
  if (cmdline === null) return true; // no /proc here: a live pid is taken for the owner
  if (owner.startTicks !== null && startTicks(owner.pid) !== owner.startTicks) return false;
  return runsNode(cmdline);
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function ownerIn(text: string | null): Owner | null {
  const [first, second] = (text ?? '').split('\n');
  const pid = Number.parseInt(first?.trim() ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, startTicks: second?.trim() || null };
}

const readOwner = (path: string) => ownerIn(readText(path));

/**
 * Creates the lock whole or not at all: the owner is written to a file of this process's own, which is then
 * linked as the lock (a link fails when the lock exists). A reader never sees a lock without its owner.
 */
function tryCreate(path: string): boolean {
  const own = `${path}.${process.pid}`;
  writeFileSync(own, `${process.pid}\n${startTicks(process.pid) ?? ''}\n`);
  try {
    linkSync(own, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(own, { force: true });
  }
}

/** A takeover left behind by a process that died inside it is cleared after this long. */
const TAKEOVER_STALE_MS = 10_000;

/**
 * Removes a stale lock, one process at a time: the takeover is itself held by creating a directory (which only
 * one process can), and the lock is removed only if it still reads as it did when it was judged stale. Without
 * this, two starts that both judged the same lock stale could each remove it, the second removing the lock the
 * first had just taken, and both would run on the data.
 */
function removeStale(path: string, judged: string | null): void {
  const takeover = `${path}.takeover`;
  try {
    mkdirSync(takeover);
  } catch {
    // another start is taking it over (or died doing it): try again, clearing a takeover left too long
    try {
      if (Date.now() - statSync(takeover).mtimeMs > TAKEOVER_STALE_MS) rmdirSync(takeover);
    } catch {
      // gone meanwhile
    }
    return;
  }
  try {
    if (readText(path) === judged) unlinkSync(path);
  } catch {
    // removed meanwhile
  } finally {
    rmdirSync(takeover);
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Takes the lock of dataDir (creating the directory) or throws DataDirLockedError. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 50; attempt++) {
    if (tryCreate(path)) return lockHandle(path);
    const text = readText(path);
    const owner = ownerIn(text);
    if (owner !== null && ownerRuns(owner, path)) throw new DataDirLockedError(dataDir, owner.pid, path);
    // stale (see above) or unreadable: take it over
    removeStale(path, text);
    if (attempt > 0) pause(10);
  }
  throw new DataDirLockedError(dataDir, readOwner(path)?.pid ?? 0, path);
}

function lockHandle(path: string): DataDirLock {
  held.add(path);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(path);
    process.off('exit', release);
    if (readOwner(path)?.pid !== process.pid) return;
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return { path, release };
}
