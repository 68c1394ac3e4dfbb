import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** The serial tables whose rows hold values sealed for their id. */
export type SerialTable = 'users' | 'settlement_checks' | 'outbox_messages' | 'loan_contracts';

/**
 * The next id of a serial table, drawn from its sequence before the row is inserted: a value sealed for the row
 * is bound to its id (sealed-columns.ts). A drawn id is never handed out again, used or not.
 */
export async function nextRowId(db: Database, table: SerialTable): Promise<number> {
  const result = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id`,
  );
  const id = Number((result as unknown as { rows: Array<{ id: number }> }).rows[0]?.id);
  if (!Number.isInteger(id)) throw new Error(`no id drawn for ${table}`);
  return id;
}
