import { DOCUMENT_QUOTA, RSP } from '@loan/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';

type Handle = Pick<Database, 'select' | 'execute'>;

/** Files and bytes the borrower keeps now. */
export async function documentUsage(db: Handle, userId: number): Promise<{ files: number; bytes: number }> {
  const [row] = await db
    .select({
      files: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${documents.sizeBytes}), 0)::bigint`,
    })
    .from(documents)
    .where(eq(documents.userId, userId));
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Refuses a new file of this size when the borrower would keep more than the quota (1210 files, 1211 bytes). */
export async function checkQuota(db: Handle, userId: number, sizeBytes: number): Promise<void> {
  const used = await documentUsage(db, userId);
  if (used.files + 1 > DOCUMENT_QUOTA.files) throw new ApiError(RSP.DOCUMENT_QUOTA_FILES);
  if (used.bytes + sizeBytes > DOCUMENT_QUOTA.bytes) throw new ApiError(RSP.DOCUMENT_QUOTA_BYTES);
}

/** Namespace of the per-borrower lock that makes "check the quota, then insert" one step across servers. */
const QUOTA_LOCK = 0x646f6373; // "docs"

/** Inside a transaction: waits for the borrower's other uploads, then checks the quota. */
export async function lockAndCheckQuota(tx: Handle, userId: number, sizeBytes: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${userId})`);
  await checkQuota(tx, userId, sizeBytes);
}
