import { SETTLEMENT_CHECK_RULES } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeSandboxOutbox } from '../src/adapters/outbox/sandbox.ts';
import { outboxMessages } from '../src/db/schema.ts';
import { CODE_RULES } from '../src/modules/codes/service.ts';
import { call, createTestApp, type TestApp } from './helpers/app.ts';
import { applicationCalls, okResult } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { DAY } from './helpers/loans.ts';
import { sentTo } from './helpers/outbox.ts';
import { openSubAccountAt, receivingCalls } from './helpers/receiving.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEMO_PHONE = '13800000001';

describe('sandbox outbox: a message is kept as long as what it carries stays valid', () => {
  it('a code: listed while the code lives, then neither listed nor kept', async () => {
    const sent = await call(t.app, 'POST', '/application_vue/sendLoginSms', { phone: DEMO_PHONE });
    expect(sent.response.rspCode).toBe('0000');
    expect(await sentTo(t.app, DEMO_PHONE)).toHaveLength(1);

    t.clock.advance(CODE_RULES.lifeMs - 1000);
    expect(await sentTo(t.app, DEMO_PHONE)).toHaveLength(1);
    expect(await purgeSandboxOutbox(t.db, t.clock.now())).toBe(0);

    t.clock.advance(2000);
    expect(await sentTo(t.app, DEMO_PHONE)).toEqual([]);
    expect(await purgeSandboxOutbox(t.db, t.clock.now())).toBe(1);
    expect(await t.db.select().from(outboxMessages)).toEqual([]);
  });

  it("a small deposit's amount: kept and listed for the check's 7 days, not a code's minutes", async () => {
    expect(SETTLEMENT_CHECK_RULES.lifeDays).toBe(7);
    const b = await makeReadyBorrower(t, 'outbox1');
    okResult(await applicationCalls(t).create(b.token, 'FUIOU-HKD'));
    await openSubAccountAt(t, b, 'FUIOU');
    await purgeSandboxOutbox(t.db, new Date(t.clock.now().getTime() + CODE_RULES.lifeMs + 1));
    okResult(await receivingCalls(t).settlement(b.token, '招商银行深圳分行', '755912345678'));
    const recipient = `${b.loginId}@example.com`;
    const deposit = (await sentTo(t.app, recipient)).filter((m) => m.subject === '小额打款验证');
    expect(deposit).toHaveLength(1);

    t.clock.advance(CODE_RULES.lifeMs + 1000);
    expect(await purgeSandboxOutbox(t.db, t.clock.now())).toBe(0);
    expect((await sentTo(t.app, recipient)).map((m) => m.subject)).toContain('小额打款验证');

    t.clock.advance(7 * DAY - CODE_RULES.lifeMs - 2000);
    expect(await purgeSandboxOutbox(t.db, t.clock.now())).toBe(0);
    expect((await sentTo(t.app, recipient)).map((m) => m.subject)).toContain('小额打款验证');

    t.clock.advance(2000);
    expect((await sentTo(t.app, recipient)).map((m) => m.subject)).not.toContain('小额打款验证');
    expect(await purgeSandboxOutbox(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(outboxMessages)).toEqual([]);
  });
});
