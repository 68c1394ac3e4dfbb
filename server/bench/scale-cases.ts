/** bench:scale's cases: the lists and filters timed, and the deep cursors of each heavy borrower. */
import { encodeCursor } from '../src/lib/paging.ts';
import { DEEP_CURSORS, PAGE, type Sql } from './scale-seed.ts';
// the cases

export interface Case {
  list: 'loans' | 'transactions';
  name: string;
  query: Record<string, string>;
}

export const CASES: Case[] = [
  { list: 'loans', name: 'no filter', query: {} },
  { list: 'loans', name: 'status 还款中 (a loan status)', query: { status: 'REPAYING' } },
  { list: 'loans', name: 'status 申请中 (application states)', query: { status: 'APPLYING' } },
  { list: 'loans', name: 'bank CGB', query: { bank: 'CGB' } },
  { list: 'loans', name: 'date range 2024', query: { from: '2024-01-01', to: '2024-12-31' } },
  { list: 'transactions', name: 'no filter', query: {} },
  { list: 'transactions', name: 'type 还款', query: { type: 'REPAYMENT' } },
  { list: 'transactions', name: 'date range 2024', query: { from: '2024-01-01', to: '2024-12-31' } },
  {
    list: 'transactions',
    name: 'type 还款 + date range 2024',
    query: { type: 'REPAYMENT', from: '2024-01-01', to: '2024-12-31' },
  },
];

/** Cursors at random depths (50–95 %) of one borrower's filtered list, each made as the server makes it. */
export async function deepCursors(
  db: Sql,
  c: Case,
  userId: number,
): Promise<{ cursors: string[]; rows: number }> {
  const q = c.query;
  if (c.list === 'loans') {
    const where = [`a.user_id = ${userId}`];
    if (q.status === 'REPAYING') where.push(`l.status = 'REPAYING'`);
    if (q.status === 'APPLYING') where.push(`a.state in ('DRAFT','SUBMITTED','UNDER_REVIEW')`);
    if (q.bank) where.push(`a.bank = '${q.bank}'`);
    if (q.from) where.push(`a.created_at >= timestamptz '${q.from} 00:00:00+08'`);
    if (q.to) where.push(`a.created_at < timestamptz '${q.to} 00:00:00+08' + interval '1 day'`);
    const keys = await db.query<{ us: string; id: number }>(
      `select (extract(epoch from a.created_at) * 1000000)::bigint::text as us, a.id
       from applications a left join loans l on l.application_id = a.id
       where ${where.join(' and ')} order by a.created_at desc, a.id desc`,
    );
    const picks = pickDepths(keys.length);
    return {
      cursors: picks.map((i) => encodeCursor('r', userId, [Number(keys[i]?.us), Number(keys[i]?.id)])),
      rows: keys.length,
    };
  }
  const where = [`user_id = ${userId}`];
  if (q.type) where.push(`type = '${q.type}'`);
  if (q.from) where.push(`occurred_at >= timestamptz '${q.from} 00:00:00+08'`);
  if (q.to) where.push(`occurred_at < timestamptz '${q.to} 00:00:00+08' + interval '1 day'`);
  const keys = await db.query<{ us: string; id: string }>(
    `select (extract(epoch from occurred_at) * 1000000)::bigint::text as us, id::text as id
     from ledger_transactions where ${where.join(' and ')} order by occurred_at desc, id desc`,
  );
  const picks = pickDepths(keys.length);
  return {
    cursors: picks.map((i) => encodeCursor('t', userId, [Number(keys[i]?.us), Number(keys[i]?.id)])),
    rows: keys.length,
  };
}

function pickDepths(rows: number): number[] {
  const picks: number[] = [];
  for (let i = 0; i < DEEP_CURSORS; i += 1) {
    // at least a full page after the cursor, however few rows
    picks.push(Math.max(0, Math.min(rows - PAGE - 1, Math.floor(rows * (0.5 + 0.45 * Math.random())))));
  }
  return picks;
}
