import type { NoticeEvent } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxAdapter, OutgoingMessage } from '../src/adapters/outbox/outbox.ts';
import { createSandboxOutbox } from '../src/adapters/outbox/sandbox.ts';
import { noticeDeliveries, outboxMessages } from '../src/db/schema.ts';
import {
  deliverDueNotices,
  MAX_ATTEMPTS,
  type OwedOf,
  retryDelayMs,
} from '../src/modules/notices/deliver.ts';
import { notify } from '../src/modules/notices/notify.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { setContacts } from './helpers/contacts.ts';
import { sentTo } from './helpers/outbox.ts';

/**
 * A notice's SMS and e-mail go through the outbox once each: SMS held in the quiet hours (not a security one),
 * failures retried with backoff then FAILED, a missing address SKIPPED, and one message per idempotency key.
 */
const PHONE = '13800138021';
const EMAIL = 'notices@example.com';
let t: TestApp;
let b: ReadyBorrower;
/** the job's context: the test app's database, clock and a sandbox outbox on it (as the app's own) */
let ctx: Parameters<typeof deliverDueNotices>[0];
const nothingOwed: OwedOf = async () => new Map();
const budget = () => new AbortController().signal;
const shanghai = (date: string, time: string) => new Date(`${date}T${time}+08:00`);

const approved = (n: number): NoticeEvent => ({
  kind: 'APPLICATION_APPROVED',
  facts: { applicationRowId: n, bankName: '云南国际信托', amountFen: 50_000_00, signBy: '2026-03-05 10:00' },
});

beforeAll(async () => {
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'deliveries1');
  await setContacts(t, b.userId, { phone: PHONE, email: EMAIL });
  const base = { db: t.db, now: t.clock.now, config: t.config, log: t.app.log };
  ctx = { ...base, outbox: createSandboxOutbox({ ...base, keys: t.config, logMessages: false }) };
});
afterAll(async () => t.close());

const statesOf = async (noticeId: number | null) =>
  Object.fromEntries(
    (
      await t.db
        .select()
        .from(noticeDeliveries)
        .where(eq(noticeDeliveries.noticeId, noticeId ?? 0))
    ).map((d) => [d.channel, d.state]),
  );

describe('delivering notices', () => {
  it('sends each channel once, however often the delivery runs', async () => {
    const id = await notify(t.db, { userId: b.userId, event: approved(1), key: 'd:1', now: t.clock.now() });
    const first = await deliverDueNotices(ctx, nothingOwed, budget());
    expect(first).toMatchObject({ sent: 2, failed: 0 });
    expect(await deliverDueNotices(ctx, nothingOwed, budget())).toMatchObject({ sent: 0 });
    expect(await statesOf(id)).toEqual({ sms: 'SENT', email: 'SENT' });
    const sms = await sentTo(t.app, PHONE);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toMatch(
      /^【跨境电商融资服务平台】您在云南国际信托的借款申请已审批通过，批复金额 50,000.00 元/,
    );
    expect(await sentTo(t.app, EMAIL)).toHaveLength(1);
  });

  it('holds an SMS asked for in the quiet hours until 08:00, except a security notice', async () => {
    const evening = shanghai('2026-03-02', '22:30:00');
    t.clock.advance(evening.getTime() - t.clock.now().getTime());
    const held = await notify(t.db, { userId: b.userId, event: approved(2), key: 'd:2', now: t.clock.now() });
    const urgent = await notify(t.db, {
      userId: b.userId,
      event: { kind: 'PASSWORD_CHANGED', facts: { at: '2026-03-02 22:30' } },
      key: 'd:pwd',
      now: t.clock.now(),
    });
    await deliverDueNotices(ctx, nothingOwed, budget());
    expect(await statesOf(held)).toEqual({ sms: 'PENDING', email: 'SENT' });
    expect(await statesOf(urgent)).toEqual({ sms: 'SENT', email: 'SENT' });
    t.clock.advance(shanghai('2026-03-03', '07:59:00').getTime() - t.clock.now().getTime());
    await deliverDueNotices(ctx, nothingOwed, budget());
    expect((await statesOf(held)).sms).toBe('PENDING');
    t.clock.advance(60_000);
    await deliverDueNotices(ctx, nothingOwed, budget());
    expect((await statesOf(held)).sms).toBe('SENT');
  });

  it('cancels a reminder whose instalment owes nothing when it goes', async () => {
    const id = await notify(t.db, {
      userId: b.userId,
      event: {
        kind: 'DUE_SOON',
        facts: {
          applicationRowId: 3,
          seq: 1,
          dueDate: '2026-03-06',
          owedFen: 100_00,
          daysLeft: 3,
          method: 'ACTIVE_REPAY',
        },
      },
      key: 'd:reminder',
      now: t.clock.now(),
      instalmentId: 77,
    });
    const owed: OwedOf = async (ids) => new Map(ids.map((i) => [i, 0]));
    expect(await deliverDueNotices(ctx, owed, budget())).toMatchObject({ cancelled: 2, sent: 0 });
    expect(await statesOf(id)).toEqual({ sms: 'CANCELLED', email: 'CANCELLED' });
  });

  it('skips a channel the borrower has no address for', async () => {
    const bare = await makeReadyBorrower(t, 'deliveries2');
    await setContacts(t, bare.userId, { phone: null, email: null });
    const id = await notify(t.db, {
      userId: bare.userId,
      event: approved(3),
      key: 'd:3',
      now: t.clock.now(),
    });
    await deliverDueNotices(ctx, nothingOwed, budget());
    expect(await statesOf(id)).toEqual({ sms: 'SKIPPED', email: 'SKIPPED' });
  });

  it('the sandbox outbox keeps one message per idempotency key', async () => {
    const message: OutgoingMessage = {
      channel: 'sms',
      recipient: PHONE,
      subject: 's',
      body: 'once',
      validForMs: 60_000,
      idempotencyKey: 'k:1',
    };
    await ctx.outbox.send(message);
    await ctx.outbox.send(message);
    expect(
      await t.db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, 'k:1')),
    ).toHaveLength(1);
  });
});

describe('a failing SMS gateway', () => {
  let failing: TestApp;
  let failingCtx: Parameters<typeof deliverDueNotices>[0];
  let sends = 0;
  let failingUser = 0;
  beforeAll(async () => {
    const outbox: OutboxAdapter = {
      sandbox: false,
      send: async (m) => {
        if (m.channel === 'sms') {
          sends += 1;
          throw new Error('gateway down');
        }
      },
    };
    failing = await createTestApp({ outbox });
    failingCtx = {
      db: failing.db,
      now: failing.clock.now,
      config: failing.config,
      log: failing.app.log,
      outbox,
    };
    const user = await makeReadyBorrower(failing, 'deliveries3');
    failingUser = user.userId;
    await setContacts(failing, user.userId, { phone: '13800138022', email: 'failing@example.com' });
    await notify(failing.db, {
      userId: user.userId,
      event: approved(4),
      key: 'f:1',
      now: failing.clock.now(),
    });
  });
  afterAll(async () => failing.close());

  it(`retries with backoff, then gives up after ${MAX_ATTEMPTS} tries`, async () => {
    expect(await deliverDueNotices(failingCtx, nothingOwed, budget())).toMatchObject({ sent: 1, retried: 1 });
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      // not before its backoff
      failing.clock.advance(retryDelayMs(attempt) - 1000);
      expect((await deliverDueNotices(failingCtx, nothingOwed, budget())).retried).toBe(0);
      expect(sends).toBe(attempt);
      failing.clock.advance(1000);
      await deliverDueNotices(failingCtx, nothingOwed, budget());
      expect(sends).toBe(attempt + 1);
    }
    const [sms] = await failing.db
      .select()
      .from(noticeDeliveries)
      .where(and(eq(noticeDeliveries.userId, failingUser), eq(noticeDeliveries.channel, 'sms')));
    expect(sms).toMatchObject({ state: 'FAILED', attempts: MAX_ATTEMPTS });
    expect(sms?.reason).toContain('gateway down');
  });
});
