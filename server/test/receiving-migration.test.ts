import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { sealMigratedValues } from '../src/db/start-sealing.ts';
import { openAccountNo } from '../src/modules/receiving-account/accounts.ts';
import { databaseBefore } from './helpers/migrations.ts';

/**
 * Migration 0015 on a database from before: the sandbox sub-account written into the user row becomes an OPEN
 * sub-account at the bank named there, the repayment method moves to receiving_settings, the columns go; the
 * number is sealed at the next start.
 */
const KEYS = loadConfig({ PII_KEY: 'ab'.repeat(32) });

describe('migration 0015 (receiving account)', () => {
  it('moves users.sub_acc_no / open_bank / paid_method into the new tables and drops them', async () => {
    const { client, db, migrateRest } = await databaseBefore('0015_receiving_account');
    await db.execute(sql`insert into users (id, login_id, password_hash, user_name_cn, email, created_at,
      paid_method, open_bank, sub_acc_no)
      values (1, 'old1', 'x', '老用户', 'old@example.com', now(), 'STORE_PAYOUT', '富友支付', '6238000000000000001'),
             (2, 'old2', 'x', '新用户', 'new@example.com', now(), null, null, null)`);
    await migrateRest();

    const subs = (
      await db.execute(sql`select user_id, bank, state, account_no_enc, account_no_masked from sub_accounts`)
    ).rows as {
      user_id: number;
      bank: string;
      state: string;
      account_no_enc: string;
      account_no_masked: string;
    }[];
    expect(subs).toEqual([
      {
        user_id: 1,
        bank: 'FUIOU',
        state: 'OPEN',
        account_no_enc: 'legacy:6238000000000000001',
        account_no_masked: '6238 **** **** 0001',
      },
    ]);
    const settings = (await db.execute(sql`select user_id, paid_method from receiving_settings`)).rows;
    expect(settings).toEqual([{ user_id: 1, paid_method: 'STORE_PAYOUT' }]);
    const columns = (
      await db.execute(sql`select column_name from information_schema.columns where table_name = 'users'`)
    ).rows.map((r) => (r as { column_name: string }).column_name);
    expect(columns).not.toContain('sub_acc_no');

    // the number, and the two e-mails migration 0017 moved, sealed at start
    expect(await sealMigratedValues(db as unknown as Database, KEYS)).toBe(3);
    const [sealed] = (await db.execute(sql`select id, account_no_enc from sub_accounts`)).rows as {
      id: number;
      account_no_enc: string;
    }[];
    expect(sealed?.account_no_enc.startsWith(`v2.${KEYS.piiKeys.currentId}.`)).toBe(true);
    expect(openAccountNo(KEYS, sealed?.id ?? 0, sealed?.account_no_enc ?? '')).toBe('6238000000000000001');
    expect(await sealMigratedValues(db as unknown as Database, KEYS)).toBe(0);
    await client.close();
  });
});
