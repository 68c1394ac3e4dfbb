import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { sealMigratedValues } from '../src/db/start-sealing.ts';
import { open } from '../src/lib/sealed-columns.ts';
import { contactsOf, userByPhone } from '../src/modules/contacts/contacts.ts';
import { columnsOf, databaseBefore } from './helpers/migrations.ts';

/**
 * Migration 0017 on a database from before: phones, e-mails and legal representatives' names move out of their
 * plain columns (dropped) into the sealed ones, marked until the next start seals them and fills the lookup
 * hashes; after that no row holds them in plain text and SMS login's lookup finds the phone.
 */
const KEYS = loadConfig({ PII_KEY: '7e'.repeat(32), PII_KEY_ID: 'k2026' });

describe('migration 0017 (personal data sealed)', () => {
  it('drops the plain columns; the start seals the values and fills the hashes', async () => {
    const { client, db, migrateRest } = await databaseBefore('0017_personal_data_sealed');
    await db.execute(sql`insert into users (id, login_id, password_hash, user_name_cn, email, phone, created_at)
      values (1, 'old1', 'x', '老用户', 'Old.Owner@Example.com', '13612340001', now()),
             (2, 'old2', 'x', '无联系方式', '', null, now())`);
    await db.execute(sql`insert into loan_certifications (user_id, company_name, uscc, legal_name, id_number_enc,
      legal_phone_enc, created_at, updated_at) values (1, '老公司', '91350100M000100Y43', '司马相如', 'v1.a.b.c',
      'v1.a.b.c', now(), now())`);
    await migrateRest();

    expect(await columnsOf(db, 'users')).not.toContain('phone');
    expect(await columnsOf(db, 'users')).not.toContain('email');
    expect(await columnsOf(db, 'loan_certifications')).not.toContain('legal_name');
    const marked = (await db.execute(sql`select id, phone_enc, email_enc, phone_hash from users order by id`))
      .rows;
    expect(marked).toEqual([
      { id: 1, phone_enc: 'legacy:13612340001', email_enc: 'legacy:Old.Owner@Example.com', phone_hash: null },
      { id: 2, phone_enc: null, email_enc: null, phone_hash: null },
    ]);

    expect(await sealMigratedValues(db as unknown as Database, KEYS)).toBe(3);
    expect(await sealMigratedValues(db as unknown as Database, KEYS)).toBe(0);
    const rows = JSON.stringify([
      (await db.execute(sql`select * from users`)).rows,
      (await db.execute(sql`select * from loan_certifications`)).rows,
    ]);
    for (const plain of ['13612340001', 'Old.Owner', 'old.owner', '司马相如', 'legacy:']) {
      expect(rows, plain).not.toContain(plain);
    }
    const user = await userByPhone(db as unknown as Database, KEYS, '13612340001');
    expect(user?.id).toBe(1);
    expect(user?.phoneEnc?.startsWith('v2.k2026.')).toBe(true);
    expect(contactsOf({ config: KEYS }, user ?? { id: 0, phoneEnc: null, emailEnc: null })).toEqual({
      phone: '13612340001',
      email: 'Old.Owner@Example.com',
    });
    const [cert] = (await db.execute(sql`select legal_name_enc from loan_certifications`)).rows as {
      legal_name_enc: string;
    }[];
    expect(open(KEYS, 'legalName', 1, cert?.legal_name_enc ?? '')).toBe('司马相如');
    await client.close();
  });
});
