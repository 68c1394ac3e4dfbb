/**
 * `npx tsx bench/profile-summary.ts <file.cpuprofile> [seconds]`: where a server's CPU went, by package and by
 * function (self time), optionally only over the last `seconds` before the profile ended (the load, not the start).
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, windowArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [seconds]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const windowUs = Number(windowArg ?? 0) * 1e6;
// the last 1.5 s are the stop
const hi = profile.endTime - 1.5e6;
const lo = windowUs ? hi - windowUs : -Infinity;

const self = new Map<number, number>();
let at = profile.startTime;
let total = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (at < lo || at > hi) return;
  self.set(id, (self.get(id) ?? 0) + delta);
  total += delta;
});

const shortUrl = (url: string) =>
  url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|domain)\//, '$1/');
function packageOf(url: string): string {
  if (!url) return '(native, GC, idle)';
  const short = shortUrl(url);
  if (url.includes('node_modules/'))
    return short
      .split('/')
      .slice(0, short.startsWith('@') ? 2 : 1)
      .join('/');
  if (short.startsWith('node:')) return short.split('/').slice(0, 2).join('/');
  return short.split('/').slice(0, 3).join('/');
}
const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, us] of self) {
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  const pkg = packageOf(frame.url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  const fn = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
}
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => `| ${name} | ${((100 * us) / total).toFixed(1)} % |`)
    .join('\n');
console.log(
  `${(total / 1e6).toFixed(1)} s of samples\n\n| package | self time |\n|---|---:|\n${top(byPackage, 20)}`,
);
console.log(`\n| function | self time |\n|---|---:|\n${top(byFunction, 25)}`);
