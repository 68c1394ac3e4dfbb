import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { sealMigratedValues } from '../src/db/start-sealing.ts';
import { open } from '../src/lib/sealed-columns.ts';
import { columnsOf, databaseBefore } from './helpers/migrations.ts';

/**
 * Migration 0018 on a database from before: the sandbox outbox's messages (minutes-long, plain recipients) are
 * deleted; a signed contract's text and parties move out of their plain places (the body column is dropped, the
 * parties leave details) into the sealed columns, marked until the next start seals them. The text hash stays.
 */
const KEYS = loadConfig({ PII_KEY: '7e'.repeat(32), PII_KEY_ID: 'k2026' });
const NAME = '诸葛孔明';
const BODY = `借款合同\n借款人法定代表人：${NAME}`;
const PARTIES = {
  borrowerCompany: '老公司',
  uscc: '91350100M000100Y43',
  legalRepresentative: NAME,
  bankName: '云南国际信托',
  platform: '跨境融资服务平台',
};

describe('migration 0018 (outbox recipients and signed contracts sealed)', () => {
  it('deletes the outbox messages, moves the contract text and parties; the start seals them', async () => {
    const { client, db, migrateRest } = await databaseBefore('0018_sealed_outbox_and_contracts');
    const hash = createHash('sha256').update(BODY, 'utf8').digest('hex');
    const details = { parties: PARTIES, signDeadline: '2026-12-01', schedule: [] };
    await db.execute(sql`insert into users (id, login_id, password_hash, user_name_cn, created_at)
      values (1, 'old1', 'x', '老用户', now())`);
    await db.execute(sql`insert into applications (id, user_id, bank, product_code, state, created_at, updated_at)
      values (1, 1, 'YNIT', 'YNIT-XT01', 'SIGNED', now(), now())`);
    await db.execute(sql`insert into loan_contracts (id, application_id, user_id, contract_no, version, title, body,
      text_hash, key_facts, details, signed_at) values (1, 1, 1, 'LC1', 'LC-1', '借款合同', ${BODY}, ${hash},
      '{}'::jsonb, ${JSON.stringify(details)}::jsonb, now())`);
    await db.execute(sql`insert into outbox_messages (channel, recipient, subject, body, created_at)
      values ('sms', '13612340001', '登录验证码', '验证码 123456', now())`);
    await migrateRest();

    expect(await columnsOf(db, 'loan_contracts')).not.toContain('body');
    expect(await columnsOf(db, 'outbox_messages')).not.toContain('recipient');
    expect((await db.execute(sql`select * from outbox_messages`)).rows).toEqual([]);
    const [marked] = (await db.execute(sql`select body_enc, parties_enc, details from loan_contracts`))
      .rows as {
      body_enc: string;
      parties_enc: string;
      details: Record<string, unknown>;
    }[];
    expect(marked?.body_enc).toBe(`legacy:${BODY}`);
    expect(marked?.details).toEqual({ signDeadline: '2026-12-01', schedule: [] });

    expect(await sealMigratedValues(db as unknown as Database, KEYS)).toBe(2);
    expect(await sealMigratedValues(db as unknown as Database, KEYS)).toBe(0);
    const rows = JSON.stringify((await db.execute(sql`select * from loan_contracts`)).rows);
    for (const plain of [NAME, 'legacy:']) expect(rows, plain).not.toContain(plain);
    const [sealed] = (await db.execute(sql`select body_enc, parties_enc, text_hash from loan_contracts`))
      .rows as {
      body_enc: string;
      parties_enc: string;
      text_hash: string;
    }[];
    expect(sealed?.body_enc.startsWith('v2.k2026.')).toBe(true);
    expect(open(KEYS, 'contractBody', 1, sealed?.body_enc ?? '')).toBe(BODY);
    expect(JSON.parse(open(KEYS, 'contractParties', 1, sealed?.parties_enc ?? ''))).toEqual(PARTIES);
    expect(sealed?.text_hash).toBe(hash);
    await client.close();
  });
});
