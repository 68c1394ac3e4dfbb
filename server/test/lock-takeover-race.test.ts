import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../src/db/lock.ts';

/**
 * Starts that find the same stale lock at the same moment: each judges it stale, and exactly one of them may end
 * up holding the lock (a second must not remove the lock the first has just taken).
 */
const LOCK_MODULE = join(import.meta.dirname, '..', 'src', 'db', 'lock.ts');
const STARTS = 6;
const children: ChildProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'loan-lock-race-'));
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** A process that takes the lock when the parent says go, says whether it holds it, and keeps it until told. */
function contender(): { child: ChildProcess; answer: Promise<string> } {
  const code = `
    import { acquireDataDirLock } from ${JSON.stringify(LOCK_MODULE)};
    process.stdin.once('data', () => {
      try { acquireDataDirLock(${JSON.stringify(dir)}); console.log('HELD'); }
      catch (error) { console.log('REFUSED ' + error.name); }
      process.stdin.once('data', () => process.exit(0));
    });
    console.log('READY');`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  const answer = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += String(chunk);
      const last = output.trim().split('\n').at(-1) ?? '';
      if (last !== 'READY') resolve(last);
    });
    child.once('exit', (exitCode) => reject(new Error(`contender exited with ${exitCode}: ${output}`)));
  });
  return { child, answer };
}

function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      if (String(chunk).includes('READY')) {
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
  });
}

describe('the embedded database lock taken over by starts at once', () => {
  it('leaves exactly one of them holding it; the others are refused', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    writeFileSync(join(dir, LOCK_FILE), `${Number(dead.stdout.trim())}\n`);
    const starts = Array.from({ length: STARTS }, contender);
    await Promise.all(starts.map(({ child }) => ready(child)));
    for (const { child } of starts) child.stdin!.write('go\n');
    const answers = await Promise.all(starts.map(({ answer }) => answer));
    expect(answers.filter((a) => a === 'HELD')).toHaveLength(1);
    expect(answers.filter((a) => a === 'REFUSED DataDirLockedError')).toHaveLength(STARTS - 1);
    // nothing of the takeover is left behind
    expect(readdirSync(dir).sort()).toEqual([LOCK_FILE]);
    for (const { child } of starts) child.stdin!.write('done\n');
    await Promise.all(
      starts.map(
        ({ child }) => new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null))),
      ),
    );
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  }, 60_000);
});
