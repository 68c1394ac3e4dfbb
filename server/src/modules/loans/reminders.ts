import {
  type NoticeEvent,
  overdueBucket,
  plannedReminder,
  reminderDueDates,
  shanghaiDate,
} from '@loan/domain';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { instalments, loans, receivingSettings } from '../../db/schema.ts';
import type { OwedOf } from '../notices/deliver.ts';
import { notify } from '../notices/notify.ts';
import { instalmentOwedFen, OPEN_INSTALMENT } from './collections.ts';
import { instalmentToday } from './overdue-today.ts';

/**
 * The reminders of the calendar (domain reminder-calendar.ts): each sweep looks at the open instalments due on
 * a stage's day seen from today (Shanghai), and plans the stage's notice for those that owe something, keyed
 * per instalment and stage (a second sweep or server plans nothing more). An overdue notice states the penalty
 * to date (overdue-today.ts, as My account and the loan page show it). Bounded: it stops taking instalments when the budget ends; the next sweep goes on.
 */
const BATCH = 200;

export async function planReminders(
  ctx: Pick<AppContext, 'db' | 'now'>,
  budget: AbortSignal,
): Promise<{ planned: number }> {
  const now = ctx.now();
  const today = shanghaiDate(now);
  let planned = 0;
  let after = 0;
  while (!budget.aborted) {
    const rows = await ctx.db
      .select({ instalment: instalments, loan: loans, paidMethod: receivingSettings.paidMethod })
      .from(instalments)
      .innerJoin(loans, eq(loans.id, instalments.loanId))
      .leftJoin(receivingSettings, eq(receivingSettings.userId, loans.userId))
      .where(
        and(
          inArray(instalments.status, [...OPEN_INSTALMENT]),
          inArray(instalments.dueDate, reminderDueDates(today)),
          gt(instalments.id, after),
        ),
      )
      .orderBy(asc(instalments.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    for (const { instalment, loan, paidMethod } of rows) {
      after = instalment.id;
      const { owedFen, penaltyFen } = instalmentToday(instalment, loan.annualRate, today);
      const reminder = plannedReminder(instalment.id, instalment.dueDate, owedFen, now);
      if (!reminder) continue;
      const method = paidMethod === 'ACTIVE_REPAY' ? 'ACTIVE_REPAY' : 'STORE_PAYOUT';
      const base = {
        applicationRowId: loan.applicationId,
        seq: instalment.seq,
        dueDate: instalment.dueDate,
        owedFen,
        method,
      } as const;
      const event: NoticeEvent =
        reminder.kind === 'DUE_SOON'
          ? { kind: 'DUE_SOON', facts: { ...base, daysLeft: reminder.days } }
          : {
              kind: 'OVERDUE',
              facts: {
                ...base,
                penaltyFen,
                days: reminder.days,
                bucket: overdueBucket(reminder.days) ?? 'M1',
              },
            };
      const made = await notify(ctx.db, {
        userId: loan.userId,
        event,
        key: reminder.key,
        now,
        instalmentId: instalment.id,
      });
      if (made !== null) planned += 1;
    }
    if (rows.length < BATCH) break;
  }
  return { planned };
}

/** What each instalment owes now (its penalty as recorded): the delivery cancels a reminder at 0. */
export const owedOfInstalments =
  (ctx: Pick<AppContext, 'db'>): OwedOf =>
  async (ids) => {
    const rows = await ctx.db.select().from(instalments).where(inArray(instalments.id, ids));
    return new Map(rows.map((row) => [row.id, instalmentOwedFen(row)]));
  };
