import { type LoanCertificationView, OPS_API, RSP } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coupons } from '../src/db/schema.ts';
import { issueOnCertification } from '../src/modules/coupons/templates.ts';
import { call, type TestApp } from './helpers/app.ts';
import { addBorrower } from './helpers/borrowers.ts';
import {
  type CertificationSetup,
  certificationRequest,
  certificationSetup,
  SAVE_CERTIFICATION,
  uploadDocumentSet,
} from './helpers/certification.ts';
import { makeOperator, ok, opsCall, type SignedInOperator } from './helpers/operators.ts';

/**
 * 认证通过 issues the templates marked to go by themselves: each borrower gets each such template's coupon once,
 * whether the event is processed again, twice at once, or the certification is edited later; an inactive
 * template and one without the rule give nothing. Once is the database's unique index, not a look first.
 */
let s: CertificationSetup;
let t: TestApp;
let finance: SignedInOperator;
let ruled: number;
let manual: number;
let paused: number;

const template = async (body: Record<string, unknown>) =>
  ok(await opsCall<{ templateId: number }>(t, 'POST', OPS_API.couponTemplateCreate, body, finance.opsToken))
    .templateId;
const ruleCoupons = (userId: number) =>
  t.db
    .select()
    .from(coupons)
    .where(and(eq(coupons.userId, userId), eq(coupons.source, 'RULE')));

beforeAll(async () => {
  s = await certificationSetup();
  t = s.t;
  finance = await makeOperator(t, 'fin-rule', ['finance']);
  ruled = await template({
    name: '认证礼券',
    kind: 'PERCENT_OFF',
    percent: 15,
    cap: '88.88',
    days: 14,
    trigger: 'CERTIFIED',
  });
  manual = await template({ name: '手动券', kind: 'FREE_FEE', days: 7, trigger: null });
  paused = await template({ name: '已停用的认证券', kind: 'FREE_FEE', days: 7, trigger: 'CERTIFIED' });
  ok(
    await opsCall(
      t,
      'POST',
      OPS_API.couponTemplateSetActive,
      { templateId: paused, active: false },
      finance.opsToken,
    ),
  );
});
afterAll(() => t.close());

describe('issuing by rule on certification', () => {
  it('gives the first certification one coupon of each active template with the rule; a resave gives none', async () => {
    const docs = await uploadDocumentSet(t, s.other, s.files);
    const saved = await call<LoanCertificationView>(
      t.app,
      'POST',
      SAVE_CERTIFICATION,
      certificationRequest(docs),
      {
        token: s.other,
      },
    );
    expect(saved.response.rspCode).toBe(RSP.OK);
    const given = await ruleCoupons(s.otherId);
    expect(given).toEqual([
      expect.objectContaining({
        templateId: ruled,
        title: '认证礼券',
        kind: 'PERCENT_OFF',
        percentOff: 15,
        capFen: 8888,
        issuedBy: 'rule:certification',
        state: 'AVAILABLE',
      }),
    ]);
    expect(given.some((c) => c.templateId === manual || c.templateId === paused)).toBe(false);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'coupon.issued_by_rule'), eq(auditLog.userId, s.otherId)));
    expect(entry?.detail).toMatchObject({ templateId: ruled, couponId: given[0]?.id, rule: 'CERTIFIED' });

    // the borrower edits the certification: not a new certification, nothing more
    const again = await call(t.app, 'POST', SAVE_CERTIFICATION, certificationRequest(docs), {
      token: s.other,
    });
    expect(again.response.rspCode).toBe(RSP.OK);
    expect(await ruleCoupons(s.otherId)).toHaveLength(1);
  });

  it('processing the event again, or twice at once, issues nothing more', async () => {
    const now = t.clock.now();
    expect(await issueOnCertification(t.db, s.otherId, now)).toEqual([]);
    const fresh = await addBorrower(t.db, t.config, 'rule_twice', 'Twice1234', now);
    // two servers on the same event: two transactions at once
    const runs = await Promise.all(
      [1, 2, 3].map(() => t.db.transaction((tx) => issueOnCertification(tx, fresh, now))),
    );
    expect(runs.flat()).toHaveLength(1);
    expect(await issueOnCertification(t.db, fresh, now)).toEqual([]);
    expect((await ruleCoupons(fresh)).map((c) => c.templateId)).toEqual([ruled]);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'coupon.issued_by_rule'), eq(auditLog.userId, fresh))),
    ).toHaveLength(1);
  });

  it('holds once in the database itself: a second rule coupon of the template is refused by the unique index', async () => {
    const [first] = await ruleCoupons(s.otherId);
    if (!first) throw new Error('no rule coupon');
    const { id: _id, ...copy } = first;
    await expect(t.db.insert(coupons).values(copy)).rejects.toThrow();
    expect(await ruleCoupons(s.otherId)).toHaveLength(1);
  });
});
