import { daysPastDue, type OverdueBucket, overdueBucket } from '@loan/domain';
import { and, inArray, lt, min } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { instalments } from '../../db/schema.ts';
import { OPEN_INSTALMENT } from './collections.ts';

export interface OverdueStanding {
  days: number;
  bucket: OverdueBucket;
}

/**
 * Each overdue loan's days past due and bucket on `today` (Shanghai): those of its oldest instalment still
 * owing after its due date (domain overdue.ts). Loans not overdue are not in the map.
 */
export async function overdueStandings(
  db: Database,
  loanIds: readonly number[],
  today: string,
): Promise<Map<number, OverdueStanding>> {
  if (loanIds.length === 0) return new Map();
  const rows = await db
    .select({ loanId: instalments.loanId, oldest: min(instalments.dueDate) })
    .from(instalments)
    .where(
      and(
        inArray(instalments.loanId, [...loanIds]),
        inArray(instalments.status, [...OPEN_INSTALMENT]),
        lt(instalments.dueDate, today),
      ),
    )
    .groupBy(instalments.loanId);
  const standings = new Map<number, OverdueStanding>();
  for (const { loanId, oldest } of rows) {
    if (!oldest) continue;
    const days = daysPastDue(oldest, today);
    const bucket = overdueBucket(days);
    if (bucket) standings.set(loanId, { days, bucket });
  }
  return standings;
}
