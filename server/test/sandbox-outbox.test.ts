import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeSandboxOutbox, SANDBOX_OUTBOX_KEEP_MS } from '../src/adapters/outbox/sandbox.ts';
import { outboxMessages } from '../src/db/schema.ts';
import { CODE_RULES } from '../src/modules/codes/service.ts';
import { call, createTestApp, type TestApp } from './helpers/app.ts';
import { sentTo } from './helpers/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEMO_PHONE = '13800000001';

describe('sandbox outbox: a message carrying a code lives as long as the code', () => {
  it('is listed while the code lives, then neither listed nor kept', async () => {
    expect(SANDBOX_OUTBOX_KEEP_MS).toBe(CODE_RULES.lifeMs);
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
});
