import { fenToYuan, missingPermissionText, overdueBucket, RSP, yuanToFen } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsRoles } from '../src/db/schema.ts';
import { createTestApp, login, type TestApp, tableCounts } from './helpers/app.ts';
import { applicationCalls, okResult } from './helpers/applications.ts';
import {
  activeBorrower,
  borrowerOverdueFen,
  collectionCalls,
  operatorsOf,
  type Worklist,
} from './helpers/collections.ts';
import { advanceAndCollect, DAY } from './helpers/loans.ts';
import { ok, type SignedInOperator } from './helpers/operators.ts';

/**
 * 催收工作台, the list: the overdue borrowers on Shanghai today by bucket, each with what is overdue to the fen (the
 * same figure as the borrower's own My account, penalty counted to today in SQL), the figures per bucket, keyset
 * pages, the data scope by bank, and the refusal of an operator without the permission.
 */
let t: TestApp;
let cgb: Awaited<ReturnType<typeof activeBorrower>>;
let ynit: Awaited<ReturnType<typeof activeBorrower>>;
let signIn: ReturnType<typeof operatorsOf>;
const api = () => collectionCalls(t);

beforeAll(async () => {
  t = await createTestApp();
  signIn = operatorsOf(t);
  cgb = await activeBorrower(t, 'cl_cgb', { productCode: 'CGB-KJED', amount: '200000', termMonths: 6 });
  await advanceAndCollect(t, 31 * DAY);
  ynit = await activeBorrower(
    t,
    'cl_ynit',
    { productCode: 'YNIT-XT01', amount: '120000', termMonths: 12 },
    { uscc: '91440300MA5FCLYN1X' },
  );
  // 100 days after the first loan: its oldest instalment 60-odd days past due, the second loan's 30-odd
  await advanceAndCollect(t, 69 * DAY);
  const collector = { permissions: ['collection.view', 'collection.work'], createdAt: t.clock.now() };
  await t.db.insert(opsRoles).values([
    { ...collector, code: 'cgb-collector', name: '广发催收', bankScope: ['CGB'] },
    { ...collector, code: 'ynit-collector', name: '云南信托催收', bankScope: ['YNIT'] },
  ]);
}, 120_000);
afterAll(() => t.close());

const sumFen = (list: Worklist) => list.lines.reduce((s, l) => s + yuanToFen(l.overdueAmount), 0);

async function expectExactFigures(risk: SignedInOperator) {
  const list = ok(await api().worklist(risk));
  expect(list.lines.map((l) => l.loginId)).toEqual([cgb.loginId, ynit.loginId]);
  for (const [line, b] of [
    [list.lines[0], cgb],
    [list.lines[1], ynit],
  ] as const) {
    expect(yuanToFen(line?.overdueAmount ?? ''), line?.loginId).toBe(await borrowerOverdueFen(t, b));
    const view = ok(await api().case(risk, b.loginId));
    expect(view.overdue.amount).toBe(line?.overdueAmount);
    expect(view.overdue.daysPastDue).toBe(line?.daysPastDue);
    expect(view.overdue.bucket).toBe(line?.bucket);
    expect(view.instalments.reduce((s, i) => s + yuanToFen(i.owed), 0)).toBe(yuanToFen(view.overdue.amount));
  }
  const summary = ok(await api().summary(risk));
  expect(summary.total).toEqual({ borrowers: 2, amount: fenToYuan(sumFen(list)) });
  for (const bucket of summary.buckets) {
    const lines = list.lines.filter((l) => l.bucket === bucket.bucket);
    expect(bucket.borrowers, bucket.bucket).toBe(lines.length);
    expect(bucket.amount, bucket.bucket).toBe(
      fenToYuan(lines.reduce((s, l) => s + yuanToFen(l.overdueAmount), 0)),
    );
  }
  return list;
}

describe('the overdue borrowers by bucket', () => {
  it('lists each with what is overdue to the fen, the days past due of the oldest instalment and its bucket', async () => {
    const risk = await signIn('collections');
    const list = await expectExactFigures(risk);
    expect(list.lines.map((l) => l.bucket)).toEqual(['M3', 'M2']);
    expect(list.lines[0]?.daysPastDue).toBeGreaterThan(60);
    expect(list.lines[0]?.instalments).toBeGreaterThanOrEqual(3);
    expect(list.lines[0]?.name).toMatch(/\*/);
    expect(list.lines[0]).toMatchObject({ lastContact: null, promise: null, assignee: null, caseId: null });
    expect(ok(await api().worklist(risk, { bucket: 'M2' })).lines.map((l) => l.loginId)).toEqual([
      ynit.loginId,
    ]);
    expect(ok(await api().worklist(risk, { bucket: 'M1' })).lines).toEqual([]);
  });

  it('keeps the figures exact while the penalty accrues day by day, without the collections having run', async () => {
    const before = ok(await api().worklist(await signIn('collections')));
    t.clock.advance(10 * DAY);
    const risk = await signIn('collections');
    const after = await expectExactFigures(risk);
    for (const [i, line] of after.lines.entries()) {
      expect(line.daysPastDue).toBe((before.lines[i]?.daysPastDue ?? 0) + 10);
      expect(yuanToFen(line.overdueAmount)).toBeGreaterThanOrEqual(
        yuanToFen(before.lines[i]?.overdueAmount ?? ''),
      );
    }
    // the equal-instalment loan's overdue principal accrues penalty (the interest-first loan's instalments so far
    // are interest only: nothing accrues on them)
    expect(yuanToFen(after.lines[1]?.overdueAmount ?? '')).toBeGreaterThan(
      yuanToFen(before.lines[1]?.overdueAmount ?? ''),
    );
    // past 90 days the first borrower moves to M3+
    t.clock.advance(15 * DAY);
    const later = await signIn('collections');
    const list = await expectExactFigures(later);
    expect(list.lines.map((l) => l.bucket)).toEqual(['M3+', 'M3']);
    for (const line of list.lines) expect(line.bucket).toBe(overdueBucket(line.daysPastDue));
    expect(ok(await api().worklist(later, { bucket: 'M3+' })).lines.map((l) => l.loginId)).toEqual([
      cgb.loginId,
    ]);
    const summary = ok(await api().summary(later));
    expect(summary.buckets.map((b) => [b.bucket, b.borrowers])).toEqual([
      ['M1', 0],
      ['M2', 0],
      ['M3', 1],
      ['M3+', 1],
    ]);
  });

  it('pages by keyset, the oldest first; a cursor of another operator is refused', async () => {
    const risk = await signIn('collections');
    const first = ok(await api().worklist(risk, { limit: 1 }));
    expect(first.lines.map((l) => l.loginId)).toEqual([cgb.loginId]);
    expect(first.nextCursor).not.toBeNull();
    const second = ok(await api().worklist(risk, { limit: 1, cursor: first.nextCursor }));
    expect(second.lines.map((l) => l.loginId)).toEqual([ynit.loginId]);
    expect(second.nextCursor).toBeNull();
    const other = await signIn('collections');
    const refused = await api().worklist(other, { limit: 1, cursor: first.nextCursor });
    expect(refused.response.rspCode).toBe(RSP.INVALID_INPUT);
    expect(refused.response.rspDesc).toMatch(/分页参数无效/);
  });
});

describe('who sees what', () => {
  it('shows an operator scoped to a bank only the borrowers of that bank, and answers the others as unknown', async () => {
    const scoped = await signIn('cgb-collector');
    expect(ok(await api().worklist(scoped)).lines.map((l) => l.loginId)).toEqual([cgb.loginId]);
    expect(ok(await api().summary(scoped)).total.borrowers).toBe(1);
    expect((await api().case(scoped, ynit.loginId)).response.rspCode).toBe(RSP.OPS_BORROWER_NOT_FOUND);
    const before = await tableCounts(t.db);
    const note = await api().note(scoped, { loginId: ynit.loginId, text: '越权备注' });
    expect(note.response.rspCode).toBe(RSP.OPS_BORROWER_NOT_FOUND);
    expect(await tableCounts(t.db)).toEqual(before);
    expect(ok(await api().case(scoped, cgb.loginId)).instalments.length).toBeGreaterThan(0);
  });

  it('counts for a scoped operator only the loans at their banks, even of a borrower in their scope', async () => {
    // the CGB borrower applies at YNIT too: in the scope of a YNIT operator, with no YNIT loan overdue
    const token = await login(t.app, cgb.loginId, cgb.password);
    okResult(await applicationCalls(t).create(token, 'YNIT-XT01'));
    const scoped = await signIn('ynit-collector');
    expect(ok(await api().worklist(scoped)).lines.map((l) => l.loginId)).toEqual([ynit.loginId]);
    expect(ok(await api().case(scoped, cgb.loginId))).toMatchObject({
      instalments: [],
      overdue: { amount: '0.00' },
    });
    const note = await api().note(scoped, { loginId: cgb.loginId, text: '非本机构借款' });
    expect(note.response.rspCode).toBe(RSP.COLLECTION_NOT_OVERDUE);
  });

  it('lets a worker without 分派 record but not assign nor decide a hardship (403)', async () => {
    const worker = await signIn('cgb-collector');
    const assign = await api().assign(worker, { loginId: cgb.loginId, assignee: null });
    expect(assign.response).toEqual({
      rspCode: RSP.OPS_FORBIDDEN,
      rspDesc: missingPermissionText('collection.assign'),
    });
    const decide = await api().decide(worker, { loginId: cgb.loginId, activityId: 1, decision: 'ACCEPTED' });
    expect(decide.response.rspCode).toBe(RSP.OPS_FORBIDDEN);
    expect(
      ok(await api().note(worker, { loginId: cgb.loginId, text: '专员备注' })).activityId,
    ).not.toBeNull();
  });

  it('refuses a support operator the worklist and every act (403, the permission named in Chinese)', async () => {
    const support = await signIn('support');
    const before = await tableCounts(t.db);
    const list = await api().worklist(support);
    expect(list.response).toEqual({
      rspCode: RSP.OPS_FORBIDDEN,
      rspDesc: missingPermissionText('collection.view'),
    });
    const note = await api().note(support, { loginId: cgb.loginId, text: '客服备注' });
    expect(note.response).toEqual({
      rspCode: RSP.OPS_FORBIDDEN,
      rspDesc: missingPermissionText('collection.work'),
    });
    const assign = await api().assign(support, { loginId: cgb.loginId, assignee: null });
    expect(assign.response.rspCode).toBe(RSP.OPS_FORBIDDEN);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
