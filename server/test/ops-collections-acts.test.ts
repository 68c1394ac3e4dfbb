import { addDaysIso, OPS_API, RSP, shanghaiDate, yuanToFen } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionCases, noticeDeliveries, notices } from '../src/db/schema.ts';
import { createTestApp, type TestApp, tableCounts } from './helpers/app.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { activeBorrower, collectionCalls, operatorsOf } from './helpers/collections.ts';
import { advanceAndCollect, DAY } from './helpers/loans.ts';
import { ok, opsCall, type SignedInOperator } from './helpers/operators.ts';

/**
 * 催收案件: every act on a case (note, contact, promise, hardship and its decision, assignment, next action) is
 * recorded on the borrower's one open case and audited with the operator as actor and the borrower as subject; the
 * case page shows the timeline and the message log; bad input is refused in Chinese with nothing changed.
 */
let t: TestApp;
let b: Awaited<ReturnType<typeof activeBorrower>>;
let current: ReadyBorrower;
let risk: SignedInOperator;
let colleague: SignedInOperator;
let admin: SignedInOperator;
let support: SignedInOperator;
const api = () => collectionCalls(t);
const today = () => shanghaiDate(t.clock.now());

beforeAll(async () => {
  t = await createTestApp();
  b = await activeBorrower(t, 'cl_acts', { productCode: 'YNIT-XT01', amount: '120000', termMonths: 12 });
  current = await makeReadyBorrower(t, 'cl_current', { uscc: '91440300MA5FCLCU2X' });
  await advanceAndCollect(t, 40 * DAY);
  const signIn = operatorsOf(t);
  risk = await signIn('collections');
  colleague = await signIn('collections');
  admin = await signIn('admin');
  support = await signIn('support');
}, 120_000);
afterAll(() => t.close());

/** The audit entries about the borrower, newest first, as the audit search finds them by subject. */
async function auditOf(loginId: string) {
  const found = ok(
    await opsCall<{
      entries: Array<{ action: string; loginId: string; actor: string; detail: Record<string, unknown> }>;
    }>(t, 'GET', OPS_API.auditSearch, { subject: `borrower:${loginId}`, limit: 50 }, admin.opsToken),
  );
  return found.entries;
}

describe('working a case', () => {
  it('opens the case with the first act and records each act on it, each audited with actor and subject', async () => {
    const overdue = ok(await api().case(risk, b.loginId));
    expect(overdue.case).toBeNull();
    expect(overdue.instalments.length).toBe(1);
    const note = ok(await api().note(risk, { loginId: b.loginId, text: '  借款人称店铺回款延迟  ' }));
    const contact = ok(
      await api().contact(risk, {
        loginId: b.loginId,
        channel: 'PHONE',
        outcome: 'REACHED',
        text: '约定本周内还款',
      }),
    );
    const promise = ok(
      await api().promise(risk, {
        loginId: b.loginId,
        promisedDate: addDaysIso(today(), 3),
        amount: overdue.overdue.amount,
      }),
    );
    const hardship = ok(
      await api().hardship(risk, {
        loginId: b.loginId,
        relief: 'WAIVE_PENALTY',
        reason: '主要客户退货，资金周转困难',
      }),
    );
    const decided = ok(
      await api().decide(risk, {
        loginId: b.loginId,
        activityId: hardship.activityId,
        decision: 'DECLINED',
        note: '逾期天数尚短，暂不减免',
      }),
    );
    const assigned = ok(await api().assign(risk, { loginId: b.loginId, assignee: colleague.loginId }));
    const next = ok(
      await api().nextAction(risk, {
        loginId: b.loginId,
        nextAction: '电话确认还款进度',
        nextActionDate: addDaysIso(today(), 2),
      }),
    );
    // one case for all of them
    const caseIds = new Set([note, contact, promise, hardship, decided, assigned, next].map((a) => a.caseId));
    expect(caseIds.size).toBe(1);
    const open = await t.db.select().from(collectionCases).where(eq(collectionCases.userId, b.userId));
    expect(open.map((c) => c.state)).toEqual(['OPEN']);

    const view = ok(await api().case(risk, b.loginId));
    expect(view.case).toMatchObject({
      caseId: note.caseId,
      assignee: { loginId: colleague.loginId },
      nextAction: '电话确认还款进度',
      nextActionDate: addDaysIso(today(), 2),
    });
    expect(view.activities.map((a) => a.kind)).toEqual(['ASSIGN', 'HARDSHIP', 'PROMISE', 'CONTACT', 'NOTE']);
    expect(view.activities[4]).toMatchObject({
      text: '借款人称店铺回款延迟',
      operator: { loginId: risk.loginId },
    });
    expect(view.activities[3]).toMatchObject({
      channel: 'PHONE',
      outcome: 'REACHED',
      text: '约定本周内还款',
    });
    expect(view.activities[2]).toMatchObject({ state: 'PENDING', amount: overdue.overdue.amount });
    expect(view.activities[1]).toMatchObject({
      relief: 'WAIVE_PENALTY',
      state: 'DECLINED',
      decisionNote: '逾期天数尚短，暂不减免',
      decidedBy: { loginId: risk.loginId },
    });

    const entries = await auditOf(b.loginId);
    expect(entries.map((e) => e.action).slice(0, 7)).toEqual([
      'ops.collection.next_action',
      'ops.collection.assigned',
      'ops.collection.hardship_decided',
      'ops.collection.hardship',
      'ops.collection.promise',
      'ops.collection.contact',
      'ops.collection.note',
    ]);
    for (const entry of entries.slice(0, 7)) {
      expect(entry).toMatchObject({ actor: 'operator', loginId: risk.loginId });
      expect(entry.detail.subject).toBe(`borrower:${b.loginId}`);
    }
    expect(entries[1]?.detail.changes).toEqual({ assignee: { before: null, after: colleague.loginId } });
    expect(entries[2]?.detail.changes).toEqual({ hardshipState: { before: 'OPEN', after: 'DECLINED' } });
    expect(entries[4]?.detail).toMatchObject({ amountFen: yuanToFen(overdue.overdue.amount) });
  });

  it('shows the worklist line with the last contact, the pending promise, the next action and the assignee', async () => {
    const line = ok(await api().worklist(risk)).lines.find((l) => l.loginId === b.loginId);
    expect(line).toMatchObject({
      lastContact: { channel: 'PHONE', outcome: 'REACHED' },
      promise: { promisedDate: addDaysIso(today(), 3) },
      nextAction: '电话确认还款进度',
      assignee: { loginId: colleague.loginId },
    });
    expect(ok(await api().worklist(colleague, { assignee: 'mine' })).lines.map((l) => l.loginId)).toEqual([
      b.loginId,
    ]);
    expect(ok(await api().worklist(risk, { assignee: 'mine' })).lines).toEqual([]);
    expect(ok(await api().worklist(risk, { assignee: 'none' })).lines).toEqual([]);
    expect(ok(await api().worklist(risk, { assignee: colleague.loginId })).lines.length).toBe(1);
    expect(ok(await api().summary(colleague, { assignee: 'mine' })).total.borrowers).toBe(1);
    expect(ok(await api().assignees(risk)).map((a) => a.loginId)).toEqual(
      expect.arrayContaining([risk.loginId, colleague.loginId, admin.loginId]),
    );
    expect(ok(await api().assignees(risk)).map((a) => a.loginId)).not.toContain(support.loginId);
  });

  it('shows the borrower’s message log with each delivery’s state beside the contact attempts', async () => {
    const now = t.clock.now();
    const [notice] = await t.db
      .insert(notices)
      .values({
        userId: b.userId,
        kind: 'OVERDUE',
        category: 'OVERDUE',
        eventKey: `test:overdue:${b.userId}`,
        title: '您的借款已逾期',
        body: '请尽快还款',
        sms: '【跨境贷】请尽快还款',
        link: { page: 'MY_ACCOUNT' },
        facts: {},
        createdAt: now,
      })
      .returning({ id: notices.id });
    if (!notice) throw new Error('no notice');
    const delivery = { noticeId: notice.id, userId: b.userId, dueAt: now, createdAt: now, updatedAt: now };
    await t.db.insert(noticeDeliveries).values([
      { ...delivery, channel: 'sms', state: 'SENT', attempts: 1, sentAt: now },
      { ...delivery, channel: 'email', state: 'FAILED', attempts: 3, reason: '邮箱不存在' },
    ]);
    const view = ok(await api().case(risk, b.loginId));
    // newest first (the loan's own notices, approval and disbursement, below it)
    expect(view.messages[0]).toEqual(
      expect.objectContaining({
        title: '您的借款已逾期',
        deliveries: [
          expect.objectContaining({ channel: 'sms', state: 'SENT' }),
          expect.objectContaining({ channel: 'email', state: 'FAILED', reason: '邮箱不存在' }),
        ],
      }),
    );
  });
});

describe('refusals', () => {
  const refused = async (
    answer: Promise<{ response: { rspCode: string; rspDesc: string } }>,
    code: string,
  ) => {
    const before = await tableCounts(t.db);
    const { response } = await answer;
    expect(response.rspCode, response.rspDesc).toBe(code);
    expect(response.rspDesc).toMatch(/[\u4e00-\u9fff]/);
    expect(await tableCounts(t.db)).toEqual(before);
    return response.rspDesc;
  };

  it('refuses bad input in Chinese, naming what is wrong, and changes nothing', async () => {
    const loginId = b.loginId;
    expect(await refused(api().note(risk, { loginId, text: '   ' }), RSP.COLLECTION_TEXT_INVALID)).toBe(
      '请填写备注',
    );
    await refused(api().note(risk, { loginId, text: '长'.repeat(501) }), RSP.COLLECTION_TEXT_INVALID);
    await refused(api().contact(risk, { loginId, channel: 'PIGEON', outcome: 'REACHED' }), RSP.INVALID_INPUT);
    const late = addDaysIso(today(), 31);
    expect(
      await refused(
        api().promise(risk, { loginId, promisedDate: late, amount: '1.00' }),
        RSP.COLLECTION_PROMISE_DATE_INVALID,
      ),
    ).toMatch(/承诺还款日期须在今天/);
    await refused(
      api().promise(risk, { loginId, promisedDate: today(), amount: '1.005' }),
      RSP.COLLECTION_PROMISE_AMOUNT_INVALID,
    );
    await refused(
      api().promise(risk, { loginId, promisedDate: today(), amount: '99999999.00' }),
      RSP.COLLECTION_PROMISE_AMOUNT_INVALID,
    );
    // the first promise is still pending
    await refused(
      api().promise(risk, { loginId, promisedDate: today(), amount: '1.00' }),
      RSP.COLLECTION_PROMISE_PENDING,
    );
    await refused(
      api().nextAction(risk, { loginId, nextAction: '上门', nextActionDate: addDaysIso(today(), -1) }),
      RSP.COLLECTION_NEXT_ACTION_INVALID,
    );
    await refused(
      api().nextAction(risk, { loginId, nextAction: '', nextActionDate: today() }),
      RSP.COLLECTION_NEXT_ACTION_INVALID,
    );
    await refused(
      api().assign(risk, { loginId, assignee: support.loginId }),
      RSP.COLLECTION_ASSIGNEE_INVALID,
    );
    await refused(api().assign(risk, { loginId, assignee: 'nobody-here' }), RSP.COLLECTION_ASSIGNEE_INVALID);
    const hardship = ok(await api().case(risk, loginId)).activities.find((a) => a.kind === 'HARDSHIP');
    await refused(
      api().decide(risk, { loginId, activityId: hardship?.id, decision: 'ACCEPTED' }),
      RSP.COLLECTION_HARDSHIP_DECIDED,
    );
    await refused(
      api().decide(risk, { loginId, activityId: 999_999, decision: 'ACCEPTED' }),
      RSP.COLLECTION_ACTIVITY_NOT_FOUND,
    );
    await refused(
      api().note(risk, { loginId: 'no_such_borrower', text: '备注' }),
      RSP.OPS_BORROWER_NOT_FOUND,
    );
  });

  it('opens no case for a borrower with nothing overdue', async () => {
    expect(
      await refused(
        api().note(risk, { loginId: current.loginId, text: '提前关注' }),
        RSP.COLLECTION_NOT_OVERDUE,
      ),
    ).toBe('该借款人目前没有逾期的分期，无需催收');
    const cases = await t.db.select().from(collectionCases).where(eq(collectionCases.userId, current.userId));
    expect(cases).toEqual([]);
    const view = ok(await api().case(risk, current.loginId));
    expect(view).toMatchObject({
      case: null,
      instalments: [],
      overdue: { amount: '0.00', daysPastDue: 0, bucket: null },
    });
  });
});
