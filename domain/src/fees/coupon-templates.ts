import { isBankCode } from '../banks/partner-banks.ts';
import { addDaysIso, parseIsoDate } from '../calendar-date.ts';
import { fenToYuan, MoneyError, yuanToFen } from '../money.ts';
import { oneOf } from '../one-of.ts';
import { shanghaiDate, shanghaiInstant } from '../shanghai-time.ts';
import { couponLastDay } from './coupon-wording.ts';
import {
  COUPON_KINDS,
  COUPON_SCOPES,
  type CouponKind,
  type CouponScope,
  type CouponTerms,
} from './coupons.ts';

/**
 * 优惠券模板 (a campaign): the terms, validity and scope coupons are issued with, to one borrower, to a list, or
 * by a rule. Each issued coupon copies the terms (an edit changes what is issued next, never what was issued).
 */

/** The events a template can be issued on by itself: 认证通过 (a borrower's first loan certification). */
export const COUPON_TRIGGERS = ['CERTIFIED'] as const;
export type CouponTrigger = (typeof COUPON_TRIGGERS)[number];
export const isCouponTrigger = oneOf(COUPON_TRIGGERS);

export const COUPON_TRIGGER_LABELS: Readonly<Record<CouponTrigger, string>> = {
  CERTIFIED: '认证通过时自动发放',
};

/** Most names a BANKS or PRODUCTS scope may list. */
export const MAX_SCOPE_VALUES = 50;
/** Longest validity in days after issue. */
export const MAX_VALID_DAYS = 3650;

/** A template as the console's form sends it: amounts in yuan text, the validity as days or a last day. */
export interface CouponTemplateForm {
  name: string;
  kind: CouponKind;
  /** 满减: the amount off (yuan) */
  amount?: string | null | undefined;
  /** 满减: the fee must reach this (yuan; none: 立减) */
  threshold?: string | null | undefined;
  /** 折扣: whole percent off, 1–99 */
  percent?: number | null | undefined;
  /** 折扣: the most it takes off (yuan; none: no cap) */
  cap?: string | null | undefined;
  /** valid this many days after issue… */
  days?: number | null | undefined;
  /** …or up to and including this Shanghai day (YYYY-MM-DD) */
  lastDay?: string | null | undefined;
  scope?: CouponScope | undefined;
  scopeValues?: readonly string[] | undefined;
  /** issued by itself on this event; null: only by hand */
  trigger?: CouponTrigger | null | undefined;
}

export type CouponTemplateField = keyof CouponTemplateForm;

/** A problem of one field of the form, in Chinese (the console shows it under the field). */
export interface FieldProblem {
  field: CouponTemplateField;
  message: string;
}

/** The template's terms as stored: money in fen, the validity as days or an end instant. */
export interface CouponTemplateTerms extends CouponTerms {
  name: string;
  validDays: number | null;
  /** the first instant a coupon of it can no longer be used */
  validUntil: Date | null;
  scope: CouponScope;
  scopeValues: string[];
  trigger: CouponTrigger | null;
}

const present = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined && v !== '';

/** Yuan text → fen, or a problem of the field. */
function fenOf(
  text: string | null | undefined,
  field: CouponTemplateField,
  label: string,
  problems: FieldProblem[],
): number | null {
  if (!present(text)) return null;
  try {
    const fen = yuanToFen(text);
    if (fen < 0) problems.push({ field, message: `${label}不能为负` });
    return fen;
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    problems.push({ field, message: `${label}：${error.message}` });
    return null;
  }
}

function kindTerms(form: CouponTemplateForm, problems: FieldProblem[]): CouponTerms {
  const none = { amountOffFen: null, thresholdFen: null, percentOff: null, capFen: null };
  if (form.kind === 'AMOUNT_OFF') {
    const amountOffFen = fenOf(form.amount, 'amount', '减免金额', problems);
    const thresholdFen = fenOf(form.threshold, 'threshold', '使用门槛', problems);
    if (!present(form.amount)) problems.push({ field: 'amount', message: '请填写减免金额' });
    else if (amountOffFen === 0) problems.push({ field: 'amount', message: '满减券的减免金额须大于 0' });
    else if (
      amountOffFen !== null &&
      thresholdFen !== null &&
      thresholdFen > 0 &&
      amountOffFen > thresholdFen
    )
      problems.push({ field: 'amount', message: '满减券的减免金额不能超过使用门槛' });
    return { ...none, kind: 'AMOUNT_OFF', amountOffFen, thresholdFen };
  }
  if (form.kind === 'PERCENT_OFF') {
    const p = form.percent;
    if (!present(p) || !Number.isInteger(p) || p < 1 || p > 99)
      problems.push({ field: 'percent', message: '折扣券的折扣须为 1-99 的整数（减免百分比）' });
    const capFen = fenOf(form.cap, 'cap', '最高减免', problems);
    if (capFen === 0) problems.push({ field: 'cap', message: '折扣券的封顶金额须大于 0' });
    return { ...none, kind: 'PERCENT_OFF', percentOff: present(p) ? p : null, capFen };
  }
  return { ...none, kind: 'FREE_FEE' };
}

function validity(form: CouponTemplateForm, now: Date, problems: FieldProblem[]) {
  const hasDays = present(form.days);
  const hasDay = present(form.lastDay);
  if (hasDays === hasDay) {
    problems.push({ field: 'days', message: '有效期请填写发放后有效天数，或截止日期（二选一）' });
    return { validDays: null, validUntil: null };
  }
  if (hasDays) {
    const days = form.days as number;
    if (!Number.isInteger(days) || days < 1 || days > MAX_VALID_DAYS)
      problems.push({ field: 'days', message: `有效天数须为 1–${MAX_VALID_DAYS} 的整数` });
    return { validDays: days, validUntil: null };
  }
  const day = form.lastDay as string;
  if (!parseIsoDate(day)) {
    problems.push({ field: 'lastDay', message: '截止日期应为 YYYY-MM-DD' });
    return { validDays: null, validUntil: null };
  }
  if (day < shanghaiDate(now)) problems.push({ field: 'lastDay', message: '截止日期不能早于今天' });
  return { validDays: null, validUntil: shanghaiInstant(addDaysIso(day, 1)) };
}

function scopeOf(form: CouponTemplateForm, problems: FieldProblem[]) {
  const scope = form.scope ?? 'ALL';
  const values = [...new Set((form.scopeValues ?? []).map((v) => v.trim()).filter(Boolean))];
  if (!COUPON_SCOPES.includes(scope)) {
    problems.push({ field: 'scope', message: '适用范围应为全部产品、指定机构或指定产品' });
    return { scope: 'ALL' as const, scopeValues: [] };
  }
  if (scope === 'ALL' && values.length > 0)
    problems.push({ field: 'scopeValues', message: '适用范围为全部产品时不能指定机构或产品' });
  if (scope !== 'ALL' && values.length === 0)
    problems.push({ field: 'scopeValues', message: '指定机构或产品时须列出至少一个' });
  if (values.length > MAX_SCOPE_VALUES || values.some((v) => v.length > 32))
    problems.push({ field: 'scopeValues', message: `至多指定 ${MAX_SCOPE_VALUES} 个机构或产品编号` });
  const unknown = scope === 'BANKS' ? values.filter((v) => !isBankCode(v)) : [];
  if (unknown.length > 0)
    problems.push({ field: 'scopeValues', message: `没有这些合作机构：${unknown.slice(0, 5).join('、')}` });
  return { scope, scopeValues: values };
}

/**
 * The form read into a template's terms, with every problem by field (Chinese). Amounts exact to the fen (text
 * parsed, never a float). Product codes of a PRODUCTS scope are the server's to check against its catalogue.
 */
export function readCouponTemplate(
  form: CouponTemplateForm,
  now: Date,
): { terms: CouponTemplateTerms | null; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const name = typeof form.name === 'string' ? form.name.trim() : '';
  if (name.length < 1 || name.length > 40)
    problems.push({ field: 'name', message: '模板名称须为 1–40 个字' });
  if (!COUPON_KINDS.includes(form.kind)) {
    problems.push({ field: 'kind', message: '优惠券类型应为满减、折扣或免服务费' });
    return { terms: null, problems };
  }
  const terms = kindTerms(form, problems);
  const valid = validity(form, now, problems);
  const scope = scopeOf(form, problems);
  const trigger = form.trigger ?? null;
  if (trigger !== null && !isCouponTrigger(trigger))
    problems.push({ field: 'trigger', message: '自动发放规则只能为认证通过时' });
  if (problems.length > 0) return { terms: null, problems };
  return { terms: { ...terms, name, ...valid, ...scope, trigger }, problems };
}

/** The window of a coupon issued from the template at `now`; null when its fixed end has passed. */
export function templateWindow(
  t: Pick<CouponTemplateTerms, 'validDays' | 'validUntil'>,
  now: Date,
): { validFrom: Date; validUntil: Date } | null {
  const until = t.validUntil ?? new Date(now.getTime() + (t.validDays ?? 0) * 86_400_000);
  return until.getTime() > now.getTime() ? { validFrom: now, validUntil: until } : null;
}

/** "发放后 30 天内有效" or "有效至 2026-12-31". */
export function templateValidityText(t: Pick<CouponTemplateTerms, 'validDays' | 'validUntil'>): string {
  if (t.validUntil) return `有效至 ${couponLastDay(t.validUntil)}`;
  return `发放后 ${t.validDays ?? 0} 天内有效`;
}

/** The stored terms back as the form (yuan text, the last day), for editing. */
export function templateForm(t: CouponTemplateTerms): CouponTemplateForm {
  const yuan = (fen: number | null) => (fen === null ? null : fenToYuan(fen));
  return {
    name: t.name,
    kind: t.kind,
    amount: yuan(t.amountOffFen),
    threshold: yuan(t.thresholdFen),
    percent: t.percentOff,
    cap: yuan(t.capFen),
    days: t.validDays,
    lastDay: t.validUntil ? couponLastDay(t.validUntil) : null,
    scope: t.scope,
    scopeValues: t.scopeValues,
    trigger: t.trigger,
  };
}
