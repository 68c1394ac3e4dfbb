import { createHash } from 'node:crypto';
import { RSP, templateWindow } from '@loan/domain';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { OpsRequestRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { SignedInOperator } from '../../plugins/ops-session.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { issueFromTemplate, templateById } from '../coupons/templates.ts';
import { applyIssueMany, borrowersOf } from './coupon-issue.ts';
import { type CheckedBy, makeRequest } from './requests.ts';

type Ctx = Pick<AppContext, 'db' | 'now'>;

/** What a 批量发放 request from a template carries: the template as the maker saw it, and the borrowers. */
interface TemplatePayload {
  templateId: number;
  templateName: string;
  version: number;
  loginIds: string[];
}

/** The request's subject: the template and the list (the same list for the same template twice is refused). */
function subjectOf(templateId: number, loginIds: readonly string[]): string {
  const digest = createHash('sha256')
    .update([...loginIds].sort().join('\n'))
    .digest('hex');
  return `coupon-template:${templateId}:${digest.slice(0, 16)}`;
}

/**
 * 从模板发放: to one borrower at once (audited); to more than one, a 批量发放优惠券 request naming the template
 * and its version, done when another operator with `coupon.manage` confirms it. A template inactive or past its
 * end issues nothing (3704).
 */
export async function issueTemplateFromConsole(
  ctx: Ctx,
  operator: SignedInOperator,
  body: { templateId: number; loginIds: string[] },
  meta: RequestMeta,
) {
  const now = ctx.now();
  const template = await templateById(ctx.db, body.templateId);
  if (!template.active || templateWindow(template, now) === null)
    throw new ApiError(RSP.COUPON_TEMPLATE_CLOSED);
  const borrowers = await borrowersOf(ctx.db, operator, body.loginIds);
  if (borrowers.length > 1) {
    const loginIds = borrowers.map((b) => b.loginId);
    const payload: TemplatePayload = {
      templateId: template.id,
      templateName: template.name,
      version: template.version,
      loginIds,
    };
    const row = await makeRequest(
      ctx,
      operator,
      { kind: 'coupon.issue-many', subject: subjectOf(template.id, loginIds), payload: { ...payload } },
      meta,
    );
    return { issued: 0, requestId: row.id };
  }
  const [only] = borrowers;
  if (!only) throw new ApiError(RSP.INVALID_INPUT, '请至少填写一位借款人');
  await ctx.db.transaction(async (tx) => {
    const coupon = await issueFromTemplate(
      tx,
      template,
      { userId: only.id, source: 'OPERATOR', issuedBy: operator.loginId },
      now,
    );
    await recordAudit(tx, {
      action: AUDIT.opsCouponIssued,
      at: now,
      operatorId: operator.id,
      loginId: operator.loginId,
      userId: only.id,
      meta,
      detail: { couponId: coupon?.id ?? null, templateId: template.id, templateName: template.name },
    });
  });
  return { issued: 1, requestId: null };
}

function isTemplatePayload(
  payload: Record<string, unknown>,
): payload is Record<string, unknown> & TemplatePayload {
  return typeof payload.templateId === 'number';
}

/**
 * The confirmed request from a template, done in the confirmation's transaction: one coupon to each borrower,
 * all or none. Refused (nothing confirmed) when the template was edited or deactivated since it was asked.
 */
async function applyTemplateIssueMany(db: Database, payload: TemplatePayload, by: CheckedBy) {
  const template = await templateById(db, payload.templateId);
  if (!template.active || template.version !== payload.version)
    throw new ApiError(RSP.COUPON_TEMPLATE_CHANGED);
  const borrowers = await borrowersOf(db, by.checker, payload.loginIds);
  for (const borrower of borrowers) {
    await issueFromTemplate(
      db,
      template,
      { userId: borrower.id, source: 'OPERATOR', issuedBy: by.makerLoginId },
      by.now,
    );
  }
  await recordAudit(db, {
    action: AUDIT.opsCouponIssued,
    at: by.now,
    operatorId: by.checker.id,
    loginId: by.checker.loginId,
    detail: {
      loginIds: borrowers.map((b) => b.loginId),
      templateId: template.id,
      templateName: template.name,
      maker: by.makerLoginId,
    },
  });
}

/** The act of a confirmed 批量发放优惠券: from a template, or with terms typed in (the older form). */
export async function applyCouponIssueMany(db: Database, row: OpsRequestRow, by: CheckedBy): Promise<void> {
  if (isTemplatePayload(row.payload)) return applyTemplateIssueMany(db, row.payload, by);
  return applyIssueMany(db, row, by);
}
