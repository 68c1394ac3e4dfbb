import { describe, expect, it } from 'vitest';
import { noticeText } from './notice-texts.ts';
import { plannedReminder, reminderDueDates, smsReleaseAt } from './reminder-calendar.ts';

const at = (date: string, time: string) => new Date(`${date}T${time}+08:00`);

describe('the reminder calendar', () => {
  it.each([
    // due date, Shanghai now, owed fen → stage (null: nothing to plan)
    ['2026-03-31', '2026-03-28 09:00', 100, -3],
    ['2026-03-31', '2026-03-28 08:59', 100, null],
    ['2026-03-31', '2026-03-29 10:00', 100, null],
    ['2026-03-31', '2026-03-30 23:30', 100, -1],
    ['2026-03-31', '2026-03-31 09:00', 100, 0],
    ['2026-03-31', '2026-04-01 09:00', 100, 1],
    ['2026-03-31', '2026-04-02 09:00', 100, null],
    ['2026-03-31', '2026-04-03 12:00', 100, 3],
    ['2026-03-31', '2026-04-07 09:00', 100, 7],
    ['2026-03-31', '2026-04-15 09:00', 100, 15],
    ['2026-03-31', '2026-04-16 09:00', 100, null],
    // around month ends and a leap day
    ['2026-03-01', '2026-02-26 09:00', 100, -3],
    ['2026-03-01', '2026-02-28 09:00', 100, -1],
    ['2028-03-01', '2028-02-27 09:00', 100, -3],
    ['2028-03-01', '2028-02-29 09:00', 100, -1],
    ['2026-12-31', '2027-01-01 09:00', 100, 1],
    ['2026-01-31', '2026-02-15 09:00', 100, 15],
    // paid before the reminder time: nothing owed, nothing planned
    ['2026-03-31', '2026-03-28 09:00', 0, null],
    ['2026-03-31', '2026-04-03 09:00', 0, null],
  ] as const)('due %s, at %s owing %i → %s', (due, now, owed, stage) => {
    const [date = '', time = ''] = now.split(' ');
    const planned = plannedReminder(7, due, owed, at(date, `${time}:00`));
    expect(planned?.stage ?? null).toBe(stage);
    if (planned) {
      expect(planned.key).toBe(`reminder:7:${stage}`);
      expect(planned.kind).toBe(planned.stage <= 0 ? 'DUE_SOON' : 'OVERDUE');
    }
  });

  it('a sweep looks at the due date of every stage seen from today', () => {
    expect(reminderDueDates('2026-03-01')).toEqual([
      '2026-03-04',
      '2026-03-02',
      '2026-03-01',
      '2026-02-28',
      '2026-02-26',
      '2026-02-22',
      '2026-02-14',
    ]);
  });
});

describe('SMS quiet hours (21:00–08:00 Shanghai)', () => {
  it.each([
    // now, urgent → release
    ['2026-03-31 20:59', false, '2026-03-31 20:59'],
    ['2026-03-31 21:00', false, '2026-04-01 08:00'],
    ['2026-03-31 23:59', false, '2026-04-01 08:00'],
    ['2026-12-31 22:00', false, '2027-01-01 08:00'],
    ['2026-04-01 03:00', false, '2026-04-01 08:00'],
    ['2026-04-01 08:00', false, '2026-04-01 08:00'],
    ['2026-03-31 23:00', true, '2026-03-31 23:00'],
    ['2026-04-01 03:00', true, '2026-04-01 03:00'],
  ] as const)('asked at %s (urgent %s) → goes at %s', (now, urgent, release) => {
    const [date = '', time = ''] = now.split(' ');
    const [rDate = '', rTime = ''] = release.split(' ');
    expect(smsReleaseAt(at(date, `${time}:00`), urgent).toISOString()).toBe(
      at(rDate, `${rTime}:00`).toISOString(),
    );
  });
});

describe('the reminder says how the borrower repays', () => {
  const base = { applicationRowId: 3, seq: 2, dueDate: '2026-03-31', owedFen: 1_234_56, daysLeft: 1 };
  it('ACTIVE_REPAY: they must pay themselves, through 立即还款', () => {
    const text = noticeText({ kind: 'DUE_SOON', facts: { ...base, method: 'ACTIVE_REPAY' } });
    expect(text.body).toContain('需由您自行还款');
    expect(text.body).toContain('立即还款');
    expect(text.body).toContain('1,234.56 元');
    expect(text.link).toEqual({ page: 'LOAN', rowId: 3 });
  });
  it('STORE_PAYOUT: the amount is taken from payouts, and a shortfall turns overdue', () => {
    const text = noticeText({ kind: 'DUE_SOON', facts: { ...base, daysLeft: 0, method: 'STORE_PAYOUT' } });
    expect(text.body).toContain('从您店铺的回款中自动扣收 1,234.56 元');
    expect(text.body).toContain('回款不足的部分计入逾期');
    expect(text.title).toContain('今日还款日');
  });
});
