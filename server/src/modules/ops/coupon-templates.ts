import {
  type CouponTemplateForm,
  type CouponTemplateTerms,
  couponKindLabel,
  couponRuleText,
  couponScopeText,
  type FieldProblem,
  fenToYuan,
  formatYuan,
  RSP,
  readCouponTemplate,
  templateForm,
  templateValidityText,
  templateWindow,
} from '@loan/domain';
import { desc, eq, inArray } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type CouponTemplateRow, couponTemplates, products } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { SignedInOperator } from '../../plugins/ops-session.ts';
import { AUDIT, recordOperatorAudit } from '../audit/record.ts';
import { campaignFigures } from '../coupons/campaign-figures.ts';
import { createTemplate, setTemplateActive, termsOf, updateTemplate } from '../coupons/templates.ts';

type Ctx = Pick<AppContext, 'db' | 'now'>;

/** Most templates the page lists (newest first); a campaign is a handful a month. */
const MAX_LISTED = 200;

async function productNames(db: Database): Promise<Map<string, string>> {
  const rows = await db.select({ code: products.productCode, name: products.name }).from(products);
  return new Map(rows.map((p) => [p.code, p.name]));
}

/** A template as the console shows it: the form's fields back (yuan), its rule, validity and scope in words. */
export function templateView(row: CouponTemplateRow, names: ReadonlyMap<string, string>) {
  const terms = termsOf(row);
  const form = templateForm(terms);
  return {
    templateId: row.id,
    name: row.name,
    kind: row.kind,
    kindLabel: couponKindLabel(terms),
    rule: couponRuleText(terms, formatYuan),
    amount: form.amount ?? null,
    threshold: form.threshold ?? null,
    percent: row.percentOff,
    cap: form.cap ?? null,
    days: row.validDays,
    lastDay: form.lastDay ?? null,
    validityText: templateValidityText(terms),
    scope: row.scope,
    scopeValues: [...row.scopeValues],
    scopeText: couponScopeText(row.scope, row.scopeValues, (code) => names.get(code)),
    trigger: row.trigger,
    active: row.active,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** 优惠券活动: the templates, newest first, each with what it cost (issued, used, revoked, discount granted). */
export async function listTemplates(ctx: Ctx) {
  const rows = await ctx.db
    .select()
    .from(couponTemplates)
    .orderBy(desc(couponTemplates.id))
    .limit(MAX_LISTED);
  const figures = await campaignFigures(
    ctx.db,
    rows.map((r) => r.id),
  );
  const names = await productNames(ctx.db);
  return rows.map((row) => {
    const f = figures.get(row.id) ?? { issued: 0, used: 0, revoked: 0, discountFen: 0 };
    return {
      ...templateView(row, names),
      issued: f.issued,
      used: f.used,
      revoked: f.revoked,
      discount: fenToYuan(f.discountFen),
    };
  });
}

/** The templates one can issue from now (active, end not passed), for the issuing dialogs. */
export async function templateOptions(ctx: Ctx) {
  const now = ctx.now();
  const rows = await ctx.db
    .select()
    .from(couponTemplates)
    .where(eq(couponTemplates.active, true))
    .orderBy(desc(couponTemplates.id))
    .limit(MAX_LISTED);
  const names = await productNames(ctx.db);
  return rows
    .filter((row) => templateWindow(row, now) !== null)
    .map((row) => {
      const v = templateView(row, names);
      return {
        templateId: v.templateId,
        name: v.name,
        rule: v.rule,
        validityText: v.validityText,
        scopeText: v.scopeText,
      };
    });
}

/** The form read and checked (the domain's rules, and a PRODUCTS scope against the catalogue); else 1001. */
async function checkedTerms(ctx: Ctx, form: CouponTemplateForm): Promise<CouponTemplateTerms> {
  const { terms, problems } = readCouponTemplate(form, ctx.now());
  const extra: FieldProblem[] = [];
  if (terms?.scope === 'PRODUCTS') {
    const known = await ctx.db
      .select({ code: products.productCode })
      .from(products)
      .where(inArray(products.productCode, terms.scopeValues));
    const missing = terms.scopeValues.filter((v) => !known.some((k) => k.code === v));
    if (missing.length > 0)
      extra.push({ field: 'scopeValues', message: `没有这些产品：${missing.slice(0, 5).join('、')}` });
  }
  const all = [...problems, ...extra];
  if (!terms || all.length > 0) throw new ApiError(RSP.INVALID_INPUT, all.map((p) => p.message).join('；'));
  return terms;
}

/** What the audit keeps of a template: its terms in words. */
const auditOf = (row: CouponTemplateRow) => ({
  templateId: row.id,
  templateName: row.name,
  kind: row.kind,
  rule: couponRuleText(termsOf(row), formatYuan),
  validity: templateValidityText(termsOf(row)),
  scope: row.scope,
  scopeValues: row.scopeValues,
  trigger: row.trigger,
  version: row.version,
});

/** 新建优惠券模板 (audited). */
export async function createTemplateFromConsole(
  ctx: Ctx,
  operator: SignedInOperator,
  form: CouponTemplateForm,
  meta: RequestMeta,
) {
  const terms = await checkedTerms(ctx, form);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const created = await createTemplate(tx, terms, operator.id, now);
    await recordOperatorAudit(tx, operator, meta, AUDIT.opsCouponTemplateCreated, now, auditOf(created));
    return created;
  });
  return templateView(row, await productNames(ctx.db));
}

/** 修改优惠券模板: what is issued next; coupons already issued keep their terms (audited, before and after). */
export async function updateTemplateFromConsole(
  ctx: Ctx,
  operator: SignedInOperator,
  body: CouponTemplateForm & { templateId: number },
  meta: RequestMeta,
) {
  const { templateId, ...form } = body;
  const terms = await checkedTerms(ctx, form);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const { before, after } = await updateTemplate(tx, templateId, terms, operator.id, now);
    await recordOperatorAudit(tx, operator, meta, AUDIT.opsCouponTemplateUpdated, now, {
      ...auditOf(after),
      before: auditOf(before),
    });
    return after;
  });
  return templateView(row, await productNames(ctx.db));
}

/** 停用 / 启用 a template (audited when it changes). */
export async function setTemplateActiveFromConsole(
  ctx: Ctx,
  operator: SignedInOperator,
  body: { templateId: number; active: boolean },
  meta: RequestMeta,
) {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const { row: after, changed } = await setTemplateActive(
      tx,
      body.templateId,
      body.active,
      operator.id,
      now,
    );
    if (changed) {
      const action = body.active ? AUDIT.opsCouponTemplateActivated : AUDIT.opsCouponTemplateDeactivated;
      await recordOperatorAudit(tx, operator, meta, action, now, auditOf(after));
    }
    return after;
  });
  return templateView(row, await productNames(ctx.db));
}
