import type { NoticeEvent } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxAdapter } from '../src/adapters/outbox/outbox.ts';
import { createSandboxOutbox } from '../src/adapters/outbox/sandbox.ts';
import { noticeDeliveries, notices, outboxMessages } from '../src/db/schema.ts';
import { notify } from '../src/modules/notices/notify.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { setContacts } from './helpers/contacts.ts';
import { type JobServers, startJobServers, until } from './helpers/jobs.ts';

/**
 * Two servers on one database, both running the job engine: every event reported (even twice at once) is one
 * notice, and each of its channels one message — no delivery sent twice, none lost.
 */
const N = 12;
let s: JobServers;
let userId = 0;
/** sends per idempotency key, both servers together */
const sends = new Map<string, number>();

const event = (n: number): NoticeEvent => ({
  kind: 'LOAN_DISBURSED',
  facts: {
    applicationRowId: n,
    bankName: '云南国际信托',
    amountFen: n * 100_00,
    firstDueDate: '2026-04-02',
    firstDueFen: 9_00,
  },
});

beforeAll(async () => {
  s = await startJobServers({
    count: 2,
    outbox: () => {
      let inner: OutboxAdapter | null = null;
      return {
        sandbox: true,
        send: async (message) => {
          inner ??= createSandboxOutbox({
            db: s.base.db,
            keys: s.base.config,
            now: s.base.clock.now,
            log: s.servers[0]?.log ?? s.base.app.log,
            logMessages: false,
          });
          const key = message.idempotencyKey ?? '';
          sends.set(key, (sends.get(key) ?? 0) + 1);
          await inner.send(message);
        },
      };
    },
    prepare: async (base) => {
      const b = await makeReadyBorrower(base, 'cluster-notices');
      userId = b.userId;
      await setContacts(base, b.userId, { phone: '13800138041', email: 'cluster@example.com' });
    },
  });
});
afterAll(async () => s?.close());

describe('notices with two servers running the jobs', () => {
  it(`${N} events reported twice at once make ${N} notices and exactly one message per channel each`, async () => {
    const now = s.base.clock.now();
    await Promise.all(
      Array.from({ length: N * 2 }, (_, i) =>
        s.base.db.transaction((tx) =>
          notify(tx, { userId, event: event((i % N) + 1), key: `cluster:${(i % N) + 1}`, now }),
        ),
      ),
    );
    expect(await s.base.db.select().from(notices).where(eq(notices.userId, userId))).toHaveLength(N);

    const all = () => s.base.db.select().from(noticeDeliveries).where(eq(noticeDeliveries.userId, userId));
    await until(async () => (await all()).every((d) => d.state === 'SENT'), 'every delivery sent');
    const deliveries = await all();
    expect(deliveries).toHaveLength(N * 2);
    expect(deliveries.every((d) => d.attempts === 1)).toBe(true);
    expect(sends.size).toBe(N * 2);
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
    const kept = await s.base.db.select({ id: outboxMessages.id }).from(outboxMessages);
    expect(kept.length).toBeGreaterThanOrEqual(N * 2);
  }, 120_000);
});
