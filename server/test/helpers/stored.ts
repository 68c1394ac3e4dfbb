import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { documentBlobs, documents } from '../../src/db/schema.ts';
import type { TestApp } from './app.ts';

/** How many sealed files the database store holds. */
export async function storedCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(documentBlobs);
  return Number(row?.n ?? 0);
}

/** Whether the database store holds a sealed file under this key. */
export async function isStored(db: Database, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: documentBlobs.storageKey })
    .from(documentBlobs)
    .where(eq(documentBlobs.storageKey, key));
  return row !== undefined;
}

/** The storage key of a document. */
export async function storageKeyOf(db: Database, documentId: number): Promise<string> {
  const [row] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (!row) throw new Error(`no document ${documentId}`);
  return row.storageKey;
}

/** A document's bytes as the store gives them back (opened). */
export async function storedBytes(t: TestApp, documentId: number): Promise<Buffer> {
  return Buffer.from(await t.files.get(await storageKeyOf(t.db, documentId)));
}
