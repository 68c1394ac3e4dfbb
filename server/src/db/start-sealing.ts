import { sql } from 'drizzle-orm';
import { SealedValueError } from '../lib/at-rest.ts';
import { LEGACY_MARK, open, SEALED_COLUMNS, type SealedColumnName, seal } from '../lib/sealed-columns.ts';
import { emailHashOf, type PersonalDataKeys, phoneHashOf } from '../modules/contacts/contacts.ts';
import type { Database } from './client.ts';

/**
 * Seals what a migration could only move, and binds what was sealed before values were bound to their row.
 * SQL has no key, so migrations 0015 (sub-account numbers), 0017 (phones, e-mails, legal representatives' names)
 * and 0018 (signed contracts' texts and parties) copied plain values into the sealed columns with the `legacy:`
 * mark; values sealed in the earlier `v1` format (no key id, no binding: one copied to another row would open
 * there) are opened with the keyring. The start seals both as v2 bound to their table, row and column, right
 * after the migrations and before serving, and computes the lookup hashes of the users' contacts. A v1 value no
 * key opens is left as it is (the views show it as unreadable; `npm run keys -- status` counts it). Each value is
 * replaced only if it is still the one read (a second server starting at the same time does it once). Returns
 * how many values were sealed.
 */

/** The lookup hash column written with each sealed contact. */
const HASHES: Partial<Record<SealedColumnName, { column: string; of: typeof phoneHashOf }>> = {
  userPhone: { column: 'phone_hash', of: phoneHashOf },
  userEmail: { column: 'email_hash', of: emailHashOf },
};

type LegacyRow = {
  row_key: number;
  value: string;
};

async function sealColumn(db: Database, keys: PersonalDataKeys, name: SealedColumnName): Promise<number> {
  const spec = SEALED_COLUMNS[name];
  const table = sql.identifier(spec.table);
  const key = sql.identifier(spec.keyColumn);
  const column = sql.identifier(spec.column);
  const result = await db.execute<LegacyRow>(
    sql`select ${key} as row_key, ${column} as value from ${table}
        where ${column} like ${`${LEGACY_MARK}%`} or ${column} like ${'v1.%'}`,
  );
  const rows = (result as unknown as { rows: LegacyRow[] }).rows;
  const hash = HASHES[name];
  let sealedCount = 0;
  for (const row of rows) {
    let plain: string;
    try {
      plain = open(keys, name, Number(row.row_key), row.value);
    } catch (error) {
      if (!(error instanceof SealedValueError)) throw error;
      continue;
    }
    const sealed = seal(keys, name, Number(row.row_key), plain);
    const setHash = hash
      ? sql`, ${sql.identifier(hash.column)} = ${plain ? hash.of(keys, plain) : null}`
      : sql``;
    await db.execute(
      sql`update ${table} set ${column} = ${sealed}${setHash} where ${key} = ${row.row_key} and ${column} = ${row.value}`,
    );
    sealedCount += 1;
  }
  return sealedCount;
}

export async function sealMigratedValues(db: Database, keys: PersonalDataKeys): Promise<number> {
  let sealed = 0;
  for (const name of Object.keys(SEALED_COLUMNS) as SealedColumnName[])
    sealed += await sealColumn(db, keys, name);
  return sealed;
}
