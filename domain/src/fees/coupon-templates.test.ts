import { describe, expect, it } from 'vitest';
import { auditSummary } from '../ops/audit-labels.ts';
import { opsRequestSummary, opsSubjectText } from '../ops/request-summary.ts';
import {
  type CouponTemplateForm,
  readCouponTemplate,
  templateForm,
  templateValidityText,
  templateWindow,
} from './coupon-templates.ts';

// 2026-11-27 10:00 in Shanghai
const now = new Date('2026-11-27T02:00:00Z');
const base: CouponTemplateForm = {
  name: '满减券',
  kind: 'AMOUNT_OFF',
  amount: '20.05',
  threshold: '100',
  days: 30,
};
const problems = (change: Partial<CouponTemplateForm>) =>
  readCouponTemplate({ ...base, ...change }, now).problems.map((p) => `${p.field}:${p.message}`);

describe('a coupon template read from the form', () => {
  it('keeps money exact to the fen and the validity as days or a last Shanghai day', () => {
    const { terms } = readCouponTemplate(base, now);
    expect(terms).toMatchObject({ amountOffFen: 2005, thresholdFen: 10000, validDays: 30, validUntil: null });
    const fixed = readCouponTemplate({ ...base, days: null, lastDay: '2026-12-31' }, now).terms;
    // usable through 31 December in Shanghai: the first instant it cannot is 1 January 00:00 +08:00
    expect(fixed?.validUntil?.toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(templateValidityText(fixed ?? { validDays: null, validUntil: null })).toBe('有效至 2026-12-31');
    expect(templateForm(fixed as NonNullable<typeof fixed>)).toMatchObject({
      amount: '20.05',
      threshold: '100.00',
      lastDay: '2026-12-31',
      days: null,
    });
    const percent = readCouponTemplate(
      { name: '折扣', kind: 'PERCENT_OFF', percent: 15, cap: '0.01', days: 1 },
      now,
    );
    expect(percent.terms).toMatchObject({
      percentOff: 15,
      capFen: 1,
      amountOffFen: null,
      thresholdFen: null,
    });
  });

  it.each<[string, Partial<CouponTemplateForm>, string]>([
    ['an amount above the threshold', { amount: '100.01' }, 'amount:满减券的减免金额不能超过使用门槛'],
    ['an exponent', { amount: '2e1' }, 'amount:减免金额：金额格式不正确，应为元，最多两位小数，如 12345.60'],
    ['a negative threshold', { threshold: '-1' }, 'threshold:使用门槛不能为负'],
    ['a zero amount', { amount: '0' }, 'amount:满减券的减免金额须大于 0'],
    ['a name too long', { name: '券'.repeat(41) }, 'name:模板名称须为 1–40 个字'],
    ['both validities', { lastDay: '2027-01-01' }, 'days:有效期请填写发放后有效天数，或截止日期（二选一）'],
    ['yesterday', { days: null, lastDay: '2026-11-26' }, 'lastDay:截止日期不能早于今天'],
    ['half a day', { days: 1.5 }, 'days:有效天数须为 1–3650 的整数'],
    ['an unknown bank', { scope: 'BANKS', scopeValues: ['CGB', 'XX'] }, 'scopeValues:没有这些合作机构：XX'],
    [
      'values for all',
      { scope: 'ALL', scopeValues: ['CGB'] },
      'scopeValues:适用范围为全部产品时不能指定机构或产品',
    ],
    ['a trigger not known', { trigger: 'LOGIN' as never }, 'trigger:自动发放规则只能为认证通过时'],
  ])('refuses %s, by field', (_what, change, text) => {
    expect(problems(change)).toContain(text);
  });

  it('issues from now for its days, or to its fixed end; nothing once the end has passed', () => {
    expect(templateWindow({ validDays: 2, validUntil: null }, now)).toEqual({
      validFrom: now,
      validUntil: new Date(now.getTime() + 2 * 86_400_000),
    });
    expect(templateWindow({ validDays: null, validUntil: now }, now)).toBeNull();
  });
});

describe('a campaign in the console’s words', () => {
  it('says what a 批量发放 from a template asks, and what the audit recorded', () => {
    expect(
      opsRequestSummary('coupon.issue-many', {
        templateName: '春季满减',
        loginIds: ['a', 'b'],
        templateId: 3,
      }),
    ).toBe('「春季满减」发给 2 位借款人');
    expect(opsSubjectText('coupon-template:3:0123abcd')).toBe('优惠券模板 3');
    expect(auditSummary({ couponId: 7, templateName: '春季满减', reason: '活动提前结束' })).toBe(
      '模板「春季满减」 · 优惠券 7 · 原因：活动提前结束',
    );
  });
});
