import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const h = JSON.parse(readFileSync('/tmp/hold.json', 'utf8'));
function cpu(pid: number) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10000;
  } catch {
    return 0;
  }
}
function pgCpu() {
  let t = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres') t += cpu(Number(d));
    } catch {}
  }
  return t;
}
function total() {
  const l = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  return { busy: (l[0]! + l[1]! + l[2]! + l[5]! + l[6]!) * 10000, sys: l[2]! * 10000 };
}
const targets: [string, string, Record<string, string>, number][] = [
  ['getUserInfo', `${h.base}/users/getUserInfo`, { accessToken: h.token }, h.pid],
  ['select1', `${h.ref}/select1`, {}, h.refPid],
];
const extra = process.argv[2];
if (extra)
  targets.unshift([
    'extra',
    extra.startsWith('http') ? extra : `${h.base}${extra}`,
    { accessToken: h.token },
    h.pid,
  ]);
for (const [name, url, headers] of targets) await autocannon({ url, connections: 50, duration: 2, headers });
for (let round = 0; round < 2; round++)
  for (const [name, url, headers, pid] of targets) {
    const s0 = cpu(pid),
      p0 = pgCpu(),
      me0 = process.cpuUsage(),
      t0 = total();
    const r = await autocannon({ url, connections: 50, duration: 4, headers });
    const n = r.requests.total;
    const me = process.cpuUsage(me0);
    const t1 = total();
    console.log(
      `${name}: ${Math.round(r.requests.average)} rps p99 ${r.latency.p99} | µs/req server ${((cpu(pid) - s0) / n).toFixed(0)} pg ${((pgCpu() - p0) / n).toFixed(0)} bench ${((me.user + me.system) / n).toFixed(0)} all ${((t1.busy - t0.busy) / n).toFixed(0)} (sys ${((t1.sys - t0.sys) / n).toFixed(0)}) non2xx ${r.non2xx}`,
    );
  }
