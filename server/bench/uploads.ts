/**
 * `npm run bench:uploads`: hostile uploads against the real server process, started as `npm start` runs it
 * (`node scripts/start.mjs`; the web build skipped, development, LOG_LEVEL=warn) on PGlite in a fresh temporary
 * DATA_DIR. Signed in as the demo borrower, it sends 8 uploads at once: 10000×10000 PNGs of a few hundred
 * kilobytes (valid, made here with zlib), the same cut in half, and cut-short JPEGs. The per-borrower limits are
 * raised for the run (UPLOADS_AT_ONCE and the rates) so that every upload reaches the content checks: what is
 * measured is the header fence, not the throttle. Reports the server's VmRSS before and after (once idle,
 * BENCH_IDLE_SECONDS), its VmHWM, each answer, and whether sharp (libvips) was ever loaded into the process:
 * it is loaded on the first image handed to it, so "no" means nothing was decoded. Exits 1 when RSS grew more
 * than 50 MiB or an upload was not refused.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { API } from '@loan/domain';
import sharp from 'sharp';
import { freePort, signIn, stopProcess } from './support.ts';

const repoRoot = join(import.meta.dirname, '..', '..');
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const TARGET_GROWTH_MIB = 50;

function procStatusMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) / 1024);
}

const sharpLoaded = (pid: number) => /libvips/.test(readFileSync(`/proc/${pid}/maps`, 'utf8'));

/** The server as `npm start` runs it, ready to answer; its pid (the launcher's one child). */
async function startServer(
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; pid: number; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'start.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SKIP_WEB_BUILD: '1',
      ...env,
      PORT: `${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const status = await fetch(`${base}/health/ready`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) {
      const launcher = child.pid ?? 0;
      const kids = readFileSync(`/proc/${launcher}/task/${launcher}/children`, 'utf8').trim().split(/\s+/);
      return { child, pid: Number(kids[0]), base };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/** A whole, valid greyscale PNG of these dimensions, all black: a few hundred kilobytes for 100 megapixels. */
function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  const rows = deflateSync(Buffer.alloc((width + 1) * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(base: string, token: string, bytes: Buffer, fileName: string): Promise<string> {
  const form = new FormData();
  form.append('kind', 'BUSINESS_LICENCE');
  form.append('file', new Blob([bytes]), fileName);
  const res = await fetch(`${base}${API.uploadDocument}`, {
    method: 'POST',
    headers: { accessToken: token },
    body: form,
  });
  const body = (await res.json()) as { response: { rspCode: string } };
  return body.response.rspCode;
}

const bomb = blackPng(10_000, 10_000);
const jpeg = await sharp({
  create: {
    width: 4000,
    height: 3000,
    channels: 3,
    background: '#808080',
    noise: { type: 'gaussian', mean: 128, sigma: 30 },
  },
})
  .jpeg({ quality: 80 })
  .toBuffer();
const files = [
  ...Array.from({ length: 4 }, (_, i) => ({ name: `bomb-${i}.png`, what: '10000×10000 PNG', bytes: bomb })),
  ...Array.from({ length: 2 }, (_, i) => ({
    name: `cut-${i}.png`,
    what: '10000×10000 PNG cut in half',
    bytes: bomb.subarray(0, bomb.length >> 1),
  })),
  ...Array.from({ length: 2 }, (_, i) => ({
    name: `cut-${i}.jpg`,
    what: '4000×3000 JPEG cut in half',
    bytes: jpeg.subarray(0, jpeg.length >> 1),
  })),
];

const dataDir = mkdtempSync(join(tmpdir(), 'loan-bench-uploads-'));
let failed = false;
try {
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    FILE_DIR: join(dataDir, 'files'),
    UPLOADS_AT_ONCE: '8',
    UPLOADS_PER_MINUTE: '100',
    UPLOAD_REFUSALS_PER_15_MINUTES: '100',
  });
  try {
    const token = await signIn(server.base, 'demo', 'Demo1234');
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const before = procStatusMiB(server.pid, 'VmRSS');
    const started = process.hrtime.bigint();
    const codes = await Promise.all(files.map((f) => upload(server.base, token, f.bytes, f.name)));
    const ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const after = procStatusMiB(server.pid, 'VmRSS');
    const peak = procStatusMiB(server.pid, 'VmHWM');
    const decoded = sharpLoaded(server.pid);
    console.log(`\n${new Date().toISOString()}, node ${process.version}, 8 uploads at once in ${ms} ms\n`);
    console.log('| upload | size | answer |\n| --- | ---: | --- |');
    files.forEach((f, i) => {
      console.log(`| ${f.what} | ${Math.round(f.bytes.length / 1024)} KB | ${codes[i]} |`);
    });
    console.log(
      `\nserver VmRSS before ${before} MiB, after ${after} MiB (+${after - before} MiB), VmHWM ${peak} MiB`,
    );
    console.log(`sharp (libvips) loaded into the server: ${decoded ? 'yes' : 'no: nothing was decoded'}`);
    const refused = codes.every((code) => code === '1205' || code === '1212');
    if (!refused) console.error('[bench:uploads] an upload was not refused by the header check');
    if (after - before > TARGET_GROWTH_MIB)
      console.error(`[bench:uploads] RSS grew over ${TARGET_GROWTH_MIB} MiB`);
    failed = !refused || decoded || after - before > TARGET_GROWTH_MIB;
  } finally {
    await stopProcess(server.child);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
