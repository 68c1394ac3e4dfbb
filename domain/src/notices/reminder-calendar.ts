import { addDaysIso } from '../calendar-date.ts';
import { daysPastDue } from '../loan/overdue.ts';
import { shanghaiDate, shanghaiInstant } from '../shanghai-time.ts';

/**
 * The reminder calendar (docs/PRODUCT.md "After the loan"): in Shanghai days from an instalment's due date, due
 * reminders at D−3, D−1 and on the day, overdue notices at D+1, D+3, D+7 and D+15. Each stage is planned on its
 * own day from REMINDER_TIME, only while the instalment owes something, and once (its key); a stage whose day
 * passed unplanned (the servers were down) is not sent late.
 */
export const DUE_STAGES = [-3, -1, 0] as const;
export const OVERDUE_STAGES = [1, 3, 7, 15] as const;
export const REMINDER_STAGES = [...DUE_STAGES, ...OVERDUE_STAGES] as const;
export type ReminderStage = (typeof REMINDER_STAGES)[number];

/** The Shanghai wall-clock time from which a day's reminders are planned. */
export const REMINDER_TIME = '09:00:00';

/** SMS quiet hours, Shanghai: from 21:00 to 08:00 an SMS waits for the morning (security notices excepted). */
export const QUIET_HOURS = { from: '21:00:00', until: '08:00:00' } as const;

export interface PlannedReminder {
  stage: ReminderStage;
  kind: 'DUE_SOON' | 'OVERDUE';
  /** days to the due date (DUE_SOON) or past it (OVERDUE) */
  days: number;
  /** the key of the event: one per instalment and stage */
  key: string;
}

/**
 * The reminder to plan at `now` for an instalment due on `dueDate` that owes `owedFen`, or null: nothing owed,
 * not a stage day, or before REMINDER_TIME.
 */
export function plannedReminder(
  instalmentId: number,
  dueDate: string,
  owedFen: number,
  now: Date,
): PlannedReminder | null {
  if (owedFen <= 0) return null;
  const today = shanghaiDate(now);
  if (now < shanghaiInstant(today, REMINDER_TIME)) return null;
  const offset = today < dueDate ? -daysPastDue(today, dueDate) : daysPastDue(dueDate, today);
  const stage = REMINDER_STAGES.find((s) => s === offset);
  if (stage === undefined) return null;
  return {
    stage,
    kind: stage <= 0 ? 'DUE_SOON' : 'OVERDUE',
    days: Math.abs(stage),
    key: `reminder:${instalmentId}:${stage}`,
  };
}

/** The due dates a sweep on `today` may plan a reminder for: every stage's day seen from today. */
export function reminderDueDates(today: string): string[] {
  return REMINDER_STAGES.map((stage) => addDaysIso(today, -stage));
}

/**
 * When an SMS asked for at `now` may go: at once, or at the end of the quiet hours (08:00 Shanghai, that
 * morning or the next); an urgent (security) SMS always goes at once.
 */
export function smsReleaseAt(now: Date, urgent: boolean): Date {
  if (urgent) return now;
  const today = shanghaiDate(now);
  const morning = shanghaiInstant(today, QUIET_HOURS.until);
  if (now < morning) return morning;
  if (now >= shanghaiInstant(today, QUIET_HOURS.from))
    return shanghaiInstant(addDaysIso(today, 1), QUIET_HOURS.until);
  return now;
}
