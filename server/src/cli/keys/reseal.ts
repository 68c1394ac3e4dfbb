import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { openValue, SealedValueError, sealValue } from '../../lib/at-rest.ts';
import {
  type AtRestKeys,
  bindingOf,
  keyringOf,
  LEGACY_MARK,
  SEALED_COLUMNS,
  type SealedColumn,
} from '../../lib/sealed-columns.ts';

/**
 * Re-seals every value of one sealed column that is not v2 under the current key id: v1 values, values of an
 * older key, marked plain values. Walks the column in batches by its row key (keyset), each batch in one
 * transaction, each value replaced only if it is still the one read. Values already current are never selected,
 * so a second run changes nothing and a run cut short is resumed by running it again.
 */
export interface ColumnReport {
  column: string;
  resealed: number;
  /** values that opened with no key of the ring (or not for their row): left as they are, keys listed */
  unreadable: number[];
}

type StoredRow = {
  row_key: number;
  value: string;
};

async function nextBatch(db: Database, spec: SealedColumn, prefix: string, after: number, size: number) {
  const key = sql.identifier(spec.keyColumn);
  const column = sql.identifier(spec.column);
  const result = await db.execute<StoredRow>(sql`
    select ${key} as row_key, ${column} as value from ${sql.identifier(spec.table)}
    where ${key} > ${after} and ${column} is not null and ${column} <> ''
      and left(${column}, ${prefix.length}) <> ${prefix}
    order by ${key} limit ${size}`);
  return rowsOf<StoredRow>(result).map((r) => ({ key: Number(r.row_key), value: r.value }));
}

async function resealColumn(
  db: Database,
  keys: AtRestKeys,
  spec: SealedColumn,
  batchSize: number,
): Promise<ColumnReport> {
  const ring = keyringOf(keys, spec);
  const prefix = `v2.${ring.currentId}.`;
  const report: ColumnReport = { column: `${spec.table}.${spec.column}`, resealed: 0, unreadable: [] };
  let after = -1;
  for (;;) {
    const rows = await nextBatch(db, spec, prefix, after, batchSize);
    if (rows.length === 0) return report;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const binding = bindingOf(spec, row.key);
        let plain: string;
        try {
          plain = row.value.startsWith(LEGACY_MARK)
            ? row.value.slice(LEGACY_MARK.length)
            : openValue(ring, binding, row.value);
        } catch (error) {
          if (!(error instanceof SealedValueError)) throw error;
          report.unreadable.push(row.key);
          continue;
        }
        const updated = await tx.execute(sql`
          update ${sql.identifier(spec.table)} set ${sql.identifier(spec.column)} = ${sealValue(ring, binding, plain)}
          where ${sql.identifier(spec.keyColumn)} = ${row.key} and ${sql.identifier(spec.column)} = ${row.value}
          returning 1`);
        report.resealed += rowsOf(updated).length;
      }
    });
    after = rows[rows.length - 1]?.key ?? after;
  }
}

export async function resealAll(db: Database, keys: AtRestKeys, batchSize: number): Promise<ColumnReport[]> {
  const reports: ColumnReport[] = [];
  for (const spec of Object.values(SEALED_COLUMNS))
    reports.push(await resealColumn(db, keys, spec, batchSize));
  return reports;
}
