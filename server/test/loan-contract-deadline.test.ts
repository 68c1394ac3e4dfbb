import { addDaysIso, RSP, shanghaiDate, shanghaiInstant } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxBanks } from '../src/adapters/banks/sandbox.ts';
import { applications, auditLog } from '../src/db/schema.ts';
import { type BackgroundContext, backgroundJobs, JOB } from '../src/jobs/background.ts';
import { EXPIRE_REASON, expireApprovals } from '../src/modules/applications/contract-expiry.ts';
import { login, type TestApp } from './helpers/app.ts';
import { type applicationCalls, applicationsApp, okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { approvedApplication } from './helpers/contracts.ts';

let t: TestApp;
let api: ReturnType<typeof applicationCalls>;

beforeAll(async () => {
  ({ t, api } = await applicationsApp());
});
afterAll(async () => t.close());

/** Moves the test clock to `hh:mm` Shanghai time on the date `date`. */
function moveTo(date: string, time: string): void {
  const target = shanghaiInstant(date, `${time}:00`).getTime();
  t.clock.advance(target - t.clock.now().getTime());
}

/** A session opened now: days on the test clock end the ones opened before. */
async function signIn(b: ReadyBorrower): Promise<ReadyBorrower> {
  return { ...b, token: await login(t.app, b.loginId, b.password) };
}

/** The reconciliation job's own run, as the job engine starts it. */
function reconciliationRun() {
  const ctx = {
    db: t.db,
    now: t.clock.now,
    config: t.config,
    log: t.app.log,
    banks: createSandboxBanks({ db: t.db, decisionDelayMs: t.config.sandboxDecisionDelayMs }),
  } as unknown as BackgroundContext;
  const job = backgroundJobs(t.app, ctx).find((j) => j.name === JOB.reconciliation);
  if (!job) throw new Error('no reconciliation job');
  return job.run(new AbortController().signal);
}

describe('the signing deadline', () => {
  it('can be signed on its last day; the day after, signing is refused with the date (3404) and canSign is false', async () => {
    let b = await makeReadyBorrower(t, 'dl-sign');
    let late = await makeReadyBorrower(t, 'dl-late');
    const onTime = await approvedApplication(t, b);
    const expiring = await approvedApplication(t, late);
    const first = okResult(await api.contract(b.token, onTime));
    const deadline = first.signDeadline;
    const decided = okResult(await api.detail(b.token, { rowId: String(onTime) })).application.decidedAt;
    expect(deadline).toBe(addDaysIso(shanghaiDate(new Date(decided ?? '')), 7));

    moveTo(deadline, '23:59');
    b = await signIn(b);
    late = await signIn(late);
    const lastDay = okResult(await api.contract(late.token, expiring));
    expect(lastDay.expired).toBe(false);
    expect(okResult(await api.sign(b.token, onTime)).application.state).toBe('SIGNED');

    t.clock.advance(60_000);
    const after = okResult(await api.contract(late.token, expiring));
    expect(after).toMatchObject({ expired: true, readToken: '', signDeadline: deadline });
    const detail = okResult(await api.detail(late.token, { rowId: String(expiring) }));
    expect(detail.canSign).toBe(false);
    expect(detail.application.signDeadline).toBe(deadline);
    // read the day before, signed too late
    const refused = await api.signWith(late.token, {
      rowId: expiring,
      textHash: lastDay.textHash,
      readToken: lastDay.readToken,
    });
    expect(refused.response).toEqual({
      rspCode: RSP.SIGN_DEADLINE_PASSED,
      rspDesc: `审批结果已超过签署有效期（最后签署日 ${deadline}），请重新申请`,
    });
    const [row] = await t.db.select().from(applications).where(eq(applications.id, expiring));
    expect(row?.state).toBe('APPROVED');
  });

  it('an approval not signed in time is EXPIREd by the reconciliation job: cancelled by the system, audited', async () => {
    let b = await makeReadyBorrower(t, 'dl-sweep');
    const rowId = await approvedApplication(t, b);
    const { signDeadline } = okResult(await api.contract(b.token, rowId));
    moveTo(signDeadline, '23:59');
    b = await signIn(b);
    await expireApprovals({ db: t.db, now: t.clock.now });
    expect(okResult(await api.detail(b.token, { rowId: String(rowId) })).application.state).toBe('APPROVED');

    moveTo(addDaysIso(signDeadline, 1), '00:01');
    b = await signIn(b);
    const result = (await reconciliationRun()) as { expired: number };
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const expired = okResult(await api.detail(b.token, { rowId: String(rowId) }));
    expect(expired.application).toMatchObject({ state: 'CANCELLED', signDeadline: null });
    expect(expired.canSign).toBe(false);
    expect(expired.timeline.at(-1)).toMatchObject({
      event: 'EXPIRE',
      actor: 'SYSTEM',
      fromState: 'APPROVED',
      toState: 'CANCELLED',
      reason: EXPIRE_REASON,
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, b.userId), eq(auditLog.action, 'application.expired')));
    expect(audits.map((a) => a.detail)).toEqual([expect.objectContaining({ applicationId: rowId })]);
    // nothing left to expire; the contract is no longer offered
    expect(await expireApprovals({ db: t.db, now: t.clock.now })).toBe(0);
    expect((await api.contract(b.token, rowId)).response.rspCode).toBe(RSP.STATE_NOT_ALLOWED);
  });
});
