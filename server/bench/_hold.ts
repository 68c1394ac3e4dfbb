import { writeFileSync } from 'node:fs';
import { signIn } from './support.ts';
import { adminQuery, startPortal, startReference } from './throughput-servers.ts';

const name = 'loan_probe';
await adminQuery(`drop database if exists ${name} with (force)`);
await adminQuery(`create database ${name}`);
const env = { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}` };
const portal = await startPortal(env);
const ref = await startReference(env);
const token = await signIn(portal.base, 'demo', 'Demo1234');
writeFileSync(
  '/tmp/hold.json',
  JSON.stringify({ base: portal.base, ref: ref.base, token, pid: portal.child.pid, refPid: ref.child.pid }),
);
console.log('held', portal.base, ref.base);
process.on('SIGTERM', async () => {
  await portal.stop();
  await ref.stop();
  process.exit(0);
});
setInterval(() => {}, 1 << 30);
