import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeDeliveries, notices, outboxMessages } from '../src/db/schema.ts';
import { notify } from '../src/modules/notices/notify.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { type Node, startNodes } from './helpers/cluster.ts';
import { setContacts } from './helpers/contacts.ts';
import { workerDatabaseUrl } from './helpers/database-url.ts';
import { dropJobSchema, until } from './helpers/jobs.ts';
import { cleanUpProcessesAfterEach, PROCESS_TEST_MS } from './helpers/server-process.ts';

/**
 * Notices as production runs them: two server processes on one PostgreSQL database, each with its own pool and
 * job engine. Every event, reported twice at once, is one notice, and each of its channels is sent by exactly
 * one of the servers, once. The events are security notices, which no quiet hours hold, so the servers' real
 * clock may be any hour. (PostgreSQL only: the embedded database belongs to one process.)
 */
const N = 10;
let t: TestApp;
let nodes: Node[] = [];
let userId = 0;
const onPostgres = workerDatabaseUrl() !== null;
cleanUpProcessesAfterEach();

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  await dropJobSchema(t.db, 'pgboss');
  const b = await makeReadyBorrower(t, 'cluster-notices-2');
  userId = b.userId;
  await setContacts(t, userId, { phone: '13800138051', email: 'processes@example.com' });
  nodes = await startNodes(2);
}, PROCESS_TEST_MS);
afterAll(async () => {
  for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
  await t?.close();
});

describe.runIf(onPostgres)('notices on two server processes', () => {
  it(
    `${N} events reported twice at once: ${N} notices, each channel sent once by one server`,
    async () => {
      await Promise.all(
        Array.from({ length: N * 2 }, (_, i) =>
          t.db.transaction((tx) =>
            notify(tx, {
              userId,
              event: {
                kind: 'PASSWORD_CHANGED',
                facts: { at: `2026-03-02 10:${String(i % N).padStart(2, '0')}` },
              },
              key: `processes:${i % N}`,
              now: new Date(),
            }),
          ),
        ),
      );
      expect(await t.db.select().from(notices).where(eq(notices.userId, userId))).toHaveLength(N);
      const all = () => t.db.select().from(noticeDeliveries).where(eq(noticeDeliveries.userId, userId));
      await until(async () => (await all()).every((d) => d.state === 'SENT'), 'every delivery sent', 90_000);
      const deliveries = await all();
      expect(deliveries).toHaveLength(N * 2);
      expect(deliveries.every((d) => d.attempts === 1)).toBe(true);
      const kept = await t.db.select({ key: outboxMessages.idempotencyKey }).from(outboxMessages);
      for (const d of deliveries) {
        expect(kept.filter((m) => m.key === `notice-delivery:${d.id}`)).toHaveLength(1);
      }
    },
    PROCESS_TEST_MS,
  );
});
