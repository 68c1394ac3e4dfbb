import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBefore } from './helpers/migrations.ts';

/** Migration 0021 on a database from before: the messages kept then (all carrying codes) keep a code's minutes. */
describe('migration 0021 (a keep-until per outbox message)', () => {
  it("gives the messages kept at upgrade the code's ten minutes from when they were sent", async () => {
    const { db, migrateRest } = await databaseBefore('0021_outbox_keep_until');
    await db.execute(sql`insert into outbox_messages (channel, recipient_enc, subject, body, created_at)
      values ('sms', 'sealed', '登录验证码', '验证码 123456', '2026-11-27T02:00:00Z')`);
    await migrateRest();
    const rows = (await db.execute(sql`select created_at, keep_until from outbox_messages`)).rows as {
      created_at: string | Date;
      keep_until: string | Date;
    }[];
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(new Date(row?.keep_until ?? '').getTime() - new Date(row?.created_at ?? '').getTime()).toBe(
      10 * 60_000,
    );
  });
});
