import {
  COUPON_KIND_LABELS,
  type CouponKind,
  type CouponScope,
  couponRuleText,
  couponStatus,
  formatYuan,
  MoneyError,
  shanghaiInstant,
  yuanToFen,
} from '@loan/domain';
import { asc, eq } from 'drizzle-orm';
import { coupons } from '../../db/schema.ts';
import { CouponIssueError, issueCoupon } from '../../modules/coupons/issue.ts';
import { couponLike } from '../../modules/coupons/views.ts';
import {
  actorOf,
  type Command,
  CommandError,
  clock,
  database,
  existingUser,
  loginIdArg,
  required,
  type Values,
} from './shared.ts';

export const COUPON_USAGE = `用法 / usage:
  coupon issue <loginId> --kind AMOUNT_OFF --amount 20 [--threshold 100] --title 名称 (--days 30 | --until 2026-12-31)
  coupon issue <loginId> --kind PERCENT_OFF --percent 20 [--cap 50] --title 名称 --days 30
  coupon issue <loginId> --kind FREE_FEE --title 名称 --days 30 [--from 2026-12-01]
        [--scope BANKS --scope-values CGB,YNIT | --scope PRODUCTS --scope-values CGB-DPJY]
  coupon list <loginId>`;

function fen(values: Values, name: string, optional: boolean): number | null {
  const text = values[name]?.trim();
  if (!text) {
    if (optional) return null;
    throw new CommandError(`缺少 --${name}（元）/ missing --${name}`);
  }
  try {
    return yuanToFen(text);
  } catch (error) {
    if (error instanceof MoneyError) throw new CommandError(`--${name}：${error.message}`);
    throw error;
  }
}

/** "2026-12-31" as the end of that Shanghai day (for --until) or its start (for --from). */
function shanghaiDay(values: Values, name: string, endOfDay: boolean): Date | undefined {
  const text = values[name]?.trim();
  if (!text) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) throw new CommandError(`--${name} 应为 YYYY-MM-DD / bad --${name}`);
  const at = shanghaiInstant(text, endOfDay ? '23:59:59.999' : '00:00:00.000');
  if (Number.isNaN(at.getTime())) throw new CommandError(`--${name} 不是有效日期 / bad --${name}`);
  return at;
}

function integer(values: Values, name: string): number | undefined {
  const text = values[name]?.trim();
  if (!text) return undefined;
  if (!/^\d{1,6}$/.test(text)) throw new CommandError(`--${name} 应为正整数 / bad --${name}`);
  return Number(text);
}

/**
 * coupon issue <loginId> …: an operator issues one coupon to a borrower; coupon list <loginId>: the borrower's
 * coupons with their status.
 */
export const coupon: Command = {
  needsDb: true,
  async run(env, positionals, values) {
    const [action, ...rest] = positionals;
    if (action !== 'issue' && action !== 'list') throw new CommandError(COUPON_USAGE);
    const db = database(env);
    const user = await existingUser(db, loginIdArg(rest));
    const now = clock(env);
    if (action === 'list') {
      const rows = await db
        .select()
        .from(coupons)
        .where(eq(coupons.userId, user.id))
        .orderBy(asc(coupons.id));
      if (rows.length === 0) env.print('（无优惠券 / no coupons）');
      for (const r of rows) {
        const c = couponLike(r);
        env.print(
          `#${r.id} ${r.title} ${couponRuleText(c, formatYuan)} ${couponStatus(c, now)} 至 ${r.validUntil.toISOString()}`,
        );
      }
      return;
    }
    const kind = required(values, 'kind').toUpperCase() as CouponKind;
    const scopeValues = (values['scope-values'] ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    const validUntil = shanghaiDay(values, 'until', true);
    const validFrom = shanghaiDay(values, 'from', false);
    const validDays = integer(values, 'days');
    try {
      const row = await issueCoupon(
        db,
        {
          userId: user.id,
          kind,
          title: required(values, 'title'),
          amountOffFen: kind === 'AMOUNT_OFF' ? fen(values, 'amount', false) : null,
          thresholdFen: kind === 'AMOUNT_OFF' ? fen(values, 'threshold', true) : null,
          percentOff: kind === 'PERCENT_OFF' ? (integer(values, 'percent') ?? null) : null,
          capFen: kind === 'PERCENT_OFF' ? fen(values, 'cap', true) : null,
          ...(validFrom ? { validFrom } : {}),
          ...(validUntil ? { validUntil } : {}),
          ...(validDays !== undefined ? { validDays } : {}),
          scope: (values.scope?.toUpperCase() ?? 'ALL') as CouponScope,
          scopeValues,
          source: 'OPERATOR',
          issuedBy: actorOf(env),
        },
        now,
      );
      const label = COUPON_KIND_LABELS[row.kind];
      env.print(
        `已发放 / issued #${row.id} ${label}「${row.title}」${couponRuleText(couponLike(row), formatYuan)}，有效至 ${row.validUntil.toISOString()}`,
      );
    } catch (error) {
      if (error instanceof CouponIssueError) throw new CommandError(error.message);
      throw error;
    }
  },
};
