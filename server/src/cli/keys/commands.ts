import { sql } from 'drizzle-orm';
import type { BlobBackend, BlobPlace } from '../../adapters/files/file-storage.ts';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { SEALED_COLUMNS } from '../../lib/sealed-columns.ts';
import type { PersonalDataKeys } from '../../modules/contacts/contacts.ts';
import { recomputeLookupHashes } from './hashes.ts';
import { resealAll } from './reseal.ts';
import { documentKeyStatus, resealDocuments } from './reseal-documents.ts';

/**
 * `npm run keys -- rotate [--batch N]`: every sealed value re-sealed as v2 under the current key ids (PII_KEY_ID,
 * STORE_TOKEN_KEY_ID), the stored documents under PII_KEY_ID, then the lookup hashes recomputed under
 * PII_LOOKUP_KEY. Idempotent and resumable.
 * `npm run keys -- status`: how many values each key id holds, per column (an old key may leave the keyring
 * when it holds none).
 */
export const KEYS_USAGE = `用法 / usage: npm run keys -- <command>
  rotate [--batch 500]   以当前密钥重新加密全部加密字段与证件文件并重算查找哈希 / re-seal everything under the current keys
  status                 各加密字段按密钥编号统计 / values per key id and column`;

export interface KeysEnv {
  db: Database;
  keys: PersonalDataKeys;
  print: (line: string) => void;
  /** the document stores besides the database (the S3 bucket when configured) */
  documentStores?: Partial<Record<BlobPlace, BlobBackend>>;
}

/** Exit code: 0 done; 1 some value did not open (it is left as it was and its row keys are printed). */
export async function rotateKeys(env: KeysEnv, batchSize: number): Promise<number> {
  const columns = await resealAll(env.db, env.keys, batchSize);
  const stored = await resealDocuments(env.db, env.keys.piiKeys, env.documentStores ?? {}, batchSize);
  const hashes = await recomputeLookupHashes(env.db, env.keys, batchSize);
  let unreadable = hashes.unreadable.length;
  for (const report of [...columns, ...stored.map((s) => ({ ...s, column: s.place }))]) {
    unreadable += report.unreadable.length;
    const bad = report.unreadable.length ? `，无法读取 unreadable: ${report.unreadable.join(', ')}` : '';
    env.print(`${report.column}: 重新加密 re-sealed ${report.resealed}${bad}`);
  }
  const bad = hashes.unreadable.length ? `，无法读取 unreadable users: ${hashes.unreadable.join(', ')}` : '';
  env.print(`users lookup hashes: 重算 recomputed ${hashes.recomputed}${bad}`);
  env.print(
    `当前密钥 current key ids: PII ${env.keys.piiKeys.currentId}, STORE_TOKEN ${env.keys.storeTokenKeys.currentId}`,
  );
  return unreadable === 0 ? 0 : 1;
}

type KeyCount = {
  key_id: string;
  n: number;
};

/** v2 values by key id, v1 and marked plain values by their format, per column. */
export async function keyStatus(env: KeysEnv): Promise<number> {
  for (const spec of Object.values(SEALED_COLUMNS)) {
    const column = sql.identifier(spec.column);
    const result = await env.db.execute<KeyCount>(sql`
      select case when ${column} like 'v2.%' then split_part(${column}, '.', 2) else split_part(${column}, '.', 1)
        end as key_id, count(*)::int as n
      from ${sql.identifier(spec.table)} where ${column} is not null and ${column} <> '' group by 1 order by 1`);
    const counts = rowsOf<KeyCount>(result).map((r) => `${r.key_id}=${r.n}`);
    env.print(`${spec.table}.${spec.column}: ${counts.join(' ') || '-'}`);
  }
  for (const line of await documentKeyStatus(env.db)) env.print(line);
  return 0;
}
