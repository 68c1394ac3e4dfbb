import { OPS_API, RSP } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coupons, couponTemplates } from '../src/db/schema.ts';
import { createTestApp, type TestApp, tableCounts } from './helpers/app.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { makeOperator, ok, opsCall, type SignedInOperator } from './helpers/operators.ts';

/**
 * 优惠券活动: templates made and edited by `coupon.manage` with their rules in Chinese (money exact to the fen),
 * and coupons issued from a template: to one borrower at once, to a list only when a second operator confirms.
 */
let t: TestApp;
let one: ReadyBorrower;
let two: ReadyBorrower;
let reviewer: SignedInOperator;
let finance: SignedInOperator;
let admin: SignedInOperator;

beforeAll(async () => {
  t = await createTestApp();
  one = await makeReadyBorrower(t, 'tpl_one');
  two = await makeReadyBorrower(t, 'tpl_two');
  reviewer = await makeOperator(t, 'rev-tpl', ['reviewer']);
  finance = await makeOperator(t, 'fin-tpl', ['finance']);
  admin = await makeOperator(t, 'adm-tpl', ['admin']);
});
afterAll(() => t.close());

interface TemplateLine {
  templateId: number;
  name: string;
  rule: string;
  amount: string | null;
  threshold: string | null;
  active: boolean;
  version: number;
  issued: number;
  used: number;
  revoked: number;
  discount: string;
}

const SPRING = { name: '春季满减', kind: 'AMOUNT_OFF', amount: '12.34', threshold: '100.01', days: 30 };
const create = (body: Record<string, unknown>, who = finance) =>
  opsCall<TemplateLine>(t, 'POST', OPS_API.couponTemplateCreate, body, who.opsToken);
const list = async () =>
  ok(await opsCall<TemplateLine[]>(t, 'GET', OPS_API.couponTemplates, undefined, finance.opsToken));
const couponsOf = (userId: number) => t.db.select().from(coupons).where(eq(coupons.userId, userId));
const issue = (templateId: number, loginIds: string[], who = reviewer) =>
  opsCall<{ issued: number; requestId: number | null }>(
    t,
    'POST',
    OPS_API.couponIssueTemplate,
    { templateId, loginIds },
    who.opsToken,
  );

describe('coupon templates', () => {
  it('stores a template exactly to the fen, audited, and lists it with nothing issued yet', async () => {
    const made = ok(await create(SPRING));
    expect(made).toMatchObject({ name: '春季满减', amount: '12.34', threshold: '100.01', active: true });
    expect(made.rule).toBe('满 100.01 元减 12.34 元');
    const [row] = await t.db.select().from(couponTemplates).where(eq(couponTemplates.id, made.templateId));
    expect(row).toMatchObject({ amountOffFen: 1234, thresholdFen: 10001, validDays: 30, validUntil: null });
    expect((await list()).find((l) => l.templateId === made.templateId)).toMatchObject({
      issued: 0,
      used: 0,
      revoked: 0,
      discount: '0.00',
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ops.coupon_template.created'));
    expect(entry).toMatchObject({ loginId: 'fin-tpl' });
    expect(entry?.detail).toMatchObject({ templateId: made.templateId, rule: '满 100.01 元减 12.34 元' });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an amount above the threshold', { amount: '200.00' }, '满减券的减免金额不能超过使用门槛'],
    ['a float-looking amount', { amount: '1e3' }, '减免金额：金额格式不正确'],
    ['a third decimal', { amount: '1.234' }, '减免金额：金额格式不正确'],
    ['no amount', { amount: null }, '请填写减免金额'],
    ['a blank name', { name: '   ' }, '模板名称须为 1–40 个字'],
    ['days and a last day', { lastDay: '2099-01-01' }, '二选一'],
    ['neither days nor a last day', { days: null }, '二选一'],
    ['a last day in the past', { days: null, lastDay: '2001-01-01' }, '截止日期不能早于今天'],
    ['a date that is not one', { days: null, lastDay: '2026-02-30' }, '截止日期应为 YYYY-MM-DD'],
    ['too many days', { days: 5000 }, '有效天数须为 1–3650 的整数'],
    ['a percent of 100', { kind: 'PERCENT_OFF', percent: 100 }, '折扣须为 1-99 的整数'],
    ['a zero cap', { kind: 'PERCENT_OFF', percent: 10, cap: '0' }, '封顶金额须大于 0'],
    ['an unknown bank', { scope: 'BANKS', scopeValues: ['NOPE'] }, '没有这些合作机构：NOPE'],
    ['an unknown product', { scope: 'PRODUCTS', scopeValues: ['NO-SUCH'] }, '没有这些产品：NO-SUCH'],
    ['a scope without names', { scope: 'PRODUCTS', scopeValues: [] }, '须列出至少一个'],
  ])('refuses %s (1001 in Chinese, nothing written)', async (_what, change, text) => {
    const before = await tableCounts(t.db);
    const refused = await create({ ...SPRING, ...change });
    expect(refused.response.rspCode).toBe(RSP.INVALID_INPUT);
    expect(refused.response.rspDesc).toContain(text);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('lets only coupon.manage make templates (403 for a reviewer)', async () => {
    const refused = await create(SPRING, reviewer);
    expect(refused.response.rspCode).toBe(RSP.OPS_FORBIDDEN);
  });

  it('edits a template (version grows, before and after audited) and deactivates it', async () => {
    const made = ok(await create({ ...SPRING, name: '编辑用' }));
    const edited = ok(
      await opsCall<TemplateLine>(
        t,
        'POST',
        OPS_API.couponTemplateUpdate,
        { ...SPRING, name: '编辑用', days: null, lastDay: '2099-12-31', templateId: made.templateId },
        finance.opsToken,
      ),
    );
    expect(edited).toMatchObject({ version: 2, lastDay: '2099-12-31', days: null });
    const off = ok(
      await opsCall<TemplateLine>(
        t,
        'POST',
        OPS_API.couponTemplateSetActive,
        { templateId: made.templateId, active: false },
        finance.opsToken,
      ),
    );
    expect(off.active).toBe(false);
    const actions = (await t.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['ops.coupon_template.updated', 'ops.coupon_template.deactivated']),
    );
    // an inactive template issues nothing
    const refused = await issue(made.templateId, ['tpl_one']);
    expect(refused.response.rspCode).toBe(RSP.COUPON_TEMPLATE_CLOSED);
    const missing = await opsCall(
      t,
      'POST',
      OPS_API.couponTemplateSetActive,
      { templateId: 999_999, active: false },
      finance.opsToken,
    );
    expect(missing.response).toMatchObject({
      rspCode: RSP.COUPON_TEMPLATE_NOT_FOUND,
      rspDesc: '优惠券模板不存在',
    });
  });
});

describe('issuing from a template', () => {
  it('to one borrower at once: the template’s terms copied, its id kept, audited', async () => {
    const tpl = ok(await create({ ...SPRING, name: '单发券' }));
    const done = ok(await issue(tpl.templateId, ['tpl_one']));
    expect(done).toEqual({ issued: 1, requestId: null });
    const [coupon] = (await couponsOf(one.userId)).filter((c) => c.templateId === tpl.templateId);
    expect(coupon).toMatchObject({
      title: '单发券',
      amountOffFen: 1234,
      thresholdFen: 10001,
      source: 'OPERATOR',
      issuedBy: 'rev-tpl',
      state: 'AVAILABLE',
    });
    expect((coupon?.validUntil.getTime() ?? 0) - (coupon?.validFrom.getTime() ?? 0)).toBe(30 * 86_400_000);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ops.coupon.issued'), eq(auditLog.userId, one.userId)));
    expect(entries.at(-1)?.detail).toMatchObject({ templateId: tpl.templateId, couponId: coupon?.id });
    expect((await list()).find((l) => l.templateId === tpl.templateId)?.issued).toBe(1);
  });

  it('to a list: a request; never checked by its maker; confirmed by another with coupon.manage', async () => {
    const tpl = ok(await create({ name: '名单免服务费', kind: 'FREE_FEE', days: 10 }));
    const count = async () =>
      (await t.db.select().from(coupons).where(eq(coupons.templateId, tpl.templateId))).length;
    const asked = ok(await issue(tpl.templateId, ['tpl_one', 'TPL_TWO', 'tpl_one'], admin));
    expect(asked.issued).toBe(0);
    expect(await count()).toBe(0);
    // the same list for the same template again: already asked
    expect((await issue(tpl.templateId, ['tpl_two', 'tpl_one'], admin)).response.rspCode).toBe(
      RSP.OPS_REQUEST_DUPLICATE,
    );
    // the maker holds coupon.manage too, and still may not check their own
    const self = await opsCall(
      t,
      'POST',
      OPS_API.confirmRequest,
      { requestId: asked.requestId },
      admin.opsToken,
    );
    expect(self.response.rspCode).toBe(RSP.OPS_SELF_CHECK);
    // the checker needs coupon.manage
    const noRight = await opsCall(
      t,
      'POST',
      OPS_API.confirmRequest,
      { requestId: asked.requestId },
      reviewer.opsToken,
    );
    expect(noRight.response.rspCode).toBe(RSP.OPS_FORBIDDEN);
    expect(await count()).toBe(0);
    const inbox = ok(
      await opsCall<Array<{ requestId: number; summary?: string }>>(
        t,
        'GET',
        OPS_API.inbox,
        undefined,
        finance.opsToken,
      ),
    );
    expect(inbox.some((r) => r.requestId === asked.requestId)).toBe(true);
    ok(await opsCall(t, 'POST', OPS_API.confirmRequest, { requestId: asked.requestId }, finance.opsToken));
    const issued = await t.db.select().from(coupons).where(eq(coupons.templateId, tpl.templateId));
    expect(issued.map((c) => c.userId).sort()).toEqual([one.userId, two.userId].sort());
    expect(issued.every((c) => c.kind === 'FREE_FEE' && c.issuedBy === 'adm-tpl')).toBe(true);
  });

  it('refuses to confirm a list request whose template was edited since (nothing issued)', async () => {
    const tpl = ok(await create({ ...SPRING, name: '会被修改' }));
    const asked = ok(await issue(tpl.templateId, ['tpl_one', 'tpl_two']));
    ok(
      await opsCall(
        t,
        'POST',
        OPS_API.couponTemplateUpdate,
        { ...SPRING, name: '会被修改', amount: '50.00', templateId: tpl.templateId },
        finance.opsToken,
      ),
    );
    const refused = await opsCall(
      t,
      'POST',
      OPS_API.confirmRequest,
      { requestId: asked.requestId },
      finance.opsToken,
    );
    expect(refused.response.rspCode).toBe(RSP.COUPON_TEMPLATE_CHANGED);
    expect(await t.db.select().from(coupons).where(eq(coupons.templateId, tpl.templateId))).toEqual([]);
  });
});
