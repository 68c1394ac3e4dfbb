import { type CouponSource, type CouponTemplateTerms, RSP, templateWindow } from '@loan/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type CouponRow, type CouponTemplateRow, coupons, couponTemplates } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';

/**
 * 优惠券模板: stored terms coupons are issued from (each coupon copies them and keeps template_id), to a borrower
 * by hand or by the template's rule. The rule's coupon is once per borrower and template by a unique index
 * (coupons_rule_key), never by looking first: two servers processing the same event issue one coupon.
 */

/** The template, else 3703. */
export async function templateById(db: Database, id: number): Promise<CouponTemplateRow> {
  const [row] = await db.select().from(couponTemplates).where(eq(couponTemplates.id, id)).limit(1);
  if (!row) throw new ApiError(RSP.COUPON_TEMPLATE_NOT_FOUND);
  return row;
}

/** A stored template as the domain's terms. */
export function termsOf(row: CouponTemplateRow): CouponTemplateTerms {
  return {
    name: row.name,
    kind: row.kind,
    amountOffFen: row.amountOffFen,
    thresholdFen: row.thresholdFen,
    percentOff: row.percentOff,
    capFen: row.capFen,
    validDays: row.validDays,
    validUntil: row.validUntil,
    scope: row.scope,
    scopeValues: [...row.scopeValues],
    trigger: row.trigger,
  };
}

const columnsOf = (t: CouponTemplateTerms) => ({
  name: t.name,
  kind: t.kind,
  amountOffFen: t.amountOffFen,
  thresholdFen: t.thresholdFen,
  percentOff: t.percentOff,
  capFen: t.capFen,
  validDays: t.validDays,
  validUntil: t.validUntil,
  scope: t.scope,
  scopeValues: t.scopeValues,
  trigger: t.trigger,
});

/** A new template, active. */
export async function createTemplate(
  db: Database,
  terms: CouponTemplateTerms,
  operatorId: number,
  now: Date,
): Promise<CouponTemplateRow> {
  const [row] = await db
    .insert(couponTemplates)
    .values({
      ...columnsOf(terms),
      active: true,
      createdBy: operatorId,
      updatedBy: operatorId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('coupon template not written');
  return row;
}

/** New terms for a template (its version grows: a pending request asked with the old one is refused). */
export async function updateTemplate(
  db: Database,
  id: number,
  terms: CouponTemplateTerms,
  operatorId: number,
  now: Date,
): Promise<{ before: CouponTemplateRow; after: CouponTemplateRow }> {
  const before = await templateById(db, id);
  const [after] = await db
    .update(couponTemplates)
    .set({ ...columnsOf(terms), version: before.version + 1, updatedBy: operatorId, updatedAt: now })
    .where(and(eq(couponTemplates.id, id), eq(couponTemplates.version, before.version)))
    .returning();
  if (!after) throw new ApiError(RSP.COUPON_TEMPLATE_CHANGED, '该模板刚被他人修改，请刷新后再改');
  return { before, after };
}

/** Deactivates (no more issuing, by hand or by rule) or reactivates a template; its coupons stay as they are. */
export async function setTemplateActive(
  db: Database,
  id: number,
  active: boolean,
  operatorId: number,
  now: Date,
): Promise<{ row: CouponTemplateRow; changed: boolean }> {
  const before = await templateById(db, id);
  if (before.active === active) return { row: before, changed: false };
  const [row] = await db
    .update(couponTemplates)
    .set({ active, version: before.version + 1, updatedBy: operatorId, updatedAt: now })
    .where(eq(couponTemplates.id, id))
    .returning();
  return { row: row ?? before, changed: true };
}

/** What a coupon issued from a template is: who gave it and how. */
export interface TemplateIssue {
  userId: number;
  source: Extract<CouponSource, 'OPERATOR' | 'RULE'>;
  issuedBy: string;
}

/**
 * One coupon from the template to the borrower: the template's terms, valid from now (for its days, or to its
 * fixed end). 3704 if the template is inactive or its end has passed. A RULE coupon the borrower already has
 * from this template is not issued again (null).
 */
export async function issueFromTemplate(
  db: Database,
  template: CouponTemplateRow,
  issue: TemplateIssue,
  now: Date,
): Promise<CouponRow | null> {
  const window = templateWindow(template, now);
  if (!template.active || window === null)
    throw new ApiError(
      RSP.COUPON_TEMPLATE_CLOSED,
      template.active ? `模板「${template.name}」的截止日期已过，请修改后再发放` : undefined,
    );
  const [row] = await db
    .insert(coupons)
    .values({
      userId: issue.userId,
      kind: template.kind,
      title: template.name,
      amountOffFen: template.kind === 'AMOUNT_OFF' ? template.amountOffFen : null,
      thresholdFen: template.kind === 'AMOUNT_OFF' ? template.thresholdFen : null,
      percentOff: template.kind === 'PERCENT_OFF' ? template.percentOff : null,
      capFen: template.kind === 'PERCENT_OFF' ? template.capFen : null,
      ...window,
      scope: template.scope,
      scopeValues: [...template.scopeValues],
      source: issue.source,
      issuedBy: issue.issuedBy,
      templateId: template.id,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * 认证通过: a borrower's first certification. Each active template with the CERTIFIED rule (and its end not
 * passed) gives the borrower one coupon, at most once per template whatever the number of times or servers the
 * event is processed on (the unique index answers a second insert with nothing). Each coupon given is audited.
 * Runs in the certification's transaction. Returns the coupons given now.
 */
export async function issueOnCertification(db: Database, userId: number, now: Date): Promise<CouponRow[]> {
  const templates = await db
    .select()
    .from(couponTemplates)
    .where(
      and(
        eq(couponTemplates.active, true),
        isNotNull(couponTemplates.trigger),
        eq(couponTemplates.trigger, 'CERTIFIED'),
      ),
    )
    .orderBy(couponTemplates.id);
  const given: CouponRow[] = [];
  for (const template of templates) {
    if (templateWindow(template, now) === null) continue;
    const row = await issueFromTemplate(
      db,
      template,
      { userId, source: 'RULE', issuedBy: 'rule:certification' },
      now,
    );
    if (!row) continue;
    given.push(row);
    await recordAudit(db, {
      action: AUDIT.couponIssuedByRule,
      at: now,
      userId,
      detail: { couponId: row.id, templateId: template.id, templateName: template.name, rule: 'CERTIFIED' },
    });
  }
  return given;
}
