import { randomInt } from 'node:crypto';
import {
  type ApplicationDetail,
  type ApplicationListResult,
  type ApplicationQuery,
  type CompleteStepRequest,
  type CreateApplicationRequest,
  isBankCode,
  isTerminal,
  PARTNER_BANKS,
  productFlow,
  RSP,
  shanghaiDate,
  TERMINAL_STATES,
  transition,
} from '@loan/domain';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { type ApplicationRow, applications, products, type UserRow, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT, recordUserAudit } from '../audit/record.ts';
import { rowToProduct } from '../products/service.ts';
import { openSubAccountBanks } from '../receiving-account/accounts.ts';
import { recordCreated } from './apply-event.ts';
import {
  detailOf,
  loanIdsByApplication,
  notFound,
  ownApplication,
  parseRowId,
  productOf,
  stepName,
} from './lookup.ts';
import { applicationView } from './views.ts';

export { advanceCancel, signContract } from './cancel-sign.ts';
export { detailOf, ownApplication } from './lookup.ts';
export { submitApplication } from './submit.ts';

/** `MC` + yyyymmdd (Shanghai) + 10 random digits: CRBANK's merchant order number. */
function newMcOrderNo(now: Date): string {
  const day = shanghaiDate(now).replaceAll('-', '');
  const digits = Array.from({ length: 10 }, () => randomInt(10)).join('');
  return `MC${day}${digits}`;
}

/** POST /loanMgr/createApplication: the open application for this product, or a new draft. */
export async function createApplication(
  ctx: AppContext,
  user: UserRow,
  body: CreateApplicationRequest,
  meta: RequestMeta,
): Promise<ApplicationDetail> {
  const [productRow] = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.productCode, body.productCode), eq(products.active, true)))
    .limit(1);
  const product = productRow ? rowToProduct(productRow) : null;
  if (!product) throw new ApiError(RSP.PRODUCT_NOT_FOUND, '产品不存在或已下架，请返回产品列表重新选择');
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    // one open application per product and user: concurrent creates of the same user queue here
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [open] = await tx
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.userId, user.id),
          eq(applications.productCode, product.productCode),
          notInArray(applications.state, [...TERMINAL_STATES]),
        ),
      )
      .orderBy(desc(applications.id))
      .limit(1);
    if (open) return open;
    const [created] = await tx
      .insert(applications)
      .values({
        userId: user.id,
        bank: product.bank,
        productCode: product.productCode,
        productType: product.productType ?? null,
        mcOrderNo: product.bank === 'CRBANK' ? newMcOrderNo(now) : null,
        state: 'DRAFT',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('application not inserted');
    await recordCreated(tx, created, { now, actorRef: user.loginId, ip: meta.ip });
    await recordUserAudit(tx, user, meta, AUDIT.applicationCreated, now, {
      applicationId: created.id,
      productCode: product.productCode,
    });
    return created;
  });
  return detailOf(ctx, row);
}

/** GET /loanMgr/application: by rowId or mcOrderNo; productCode/productType must match when given. */
export async function findApplication(
  ctx: AppContext,
  user: UserRow,
  query: ApplicationQuery,
): Promise<ApplicationDetail> {
  let row: ApplicationRow | undefined;
  if (query.rowId !== undefined) {
    const id = parseRowId(query.rowId);
    if (id === null) throw notFound();
    [row] = await ctx.db
      .select()
      .from(applications)
      .where(and(eq(applications.id, id), eq(applications.userId, user.id)))
      .limit(1);
  } else if (query.mcOrderNo) {
    [row] = await ctx.db
      .select()
      .from(applications)
      .where(and(eq(applications.mcOrderNo, query.mcOrderNo), eq(applications.userId, user.id)))
      .limit(1);
  }
  if (!row) throw notFound();
  if (query.mcOrderNo !== undefined && query.mcOrderNo !== row.mcOrderNo) throw notFound();
  if (query.productCode !== undefined && query.productCode !== row.productCode) throw notFound();
  if (query.productType !== undefined && query.productType !== (row.productType ?? '')) throw notFound();
  return detailOf(ctx, row);
}

/** GET /loanMgr/applications: the user's applications, newest first. */
export async function listApplications(ctx: AppContext, user: UserRow): Promise<ApplicationListResult> {
  const rows = await ctx.db
    .select()
    .from(applications)
    .where(eq(applications.userId, user.id))
    .orderBy(desc(applications.id));
  const loanIds = await loanIdsByApplication(ctx.db, user.id);
  return { items: rows.map((row) => applicationView(row, loanIds.get(row.id) ?? null)) };
}

/**
 * POST /loanMgr/completeStep: FACE_VERIFY, the step the sandbox simulates, records the time in the
 * application's step marks. OPEN_COLLECTION_ACCOUNT is done on the receiving-account page (/lock/*): done when
 * the borrower has an OPEN sub-account at this bank, else 2111 pointing there. Only steps of the product's flow,
 * before submission for steps before SUBMIT, after approval for steps after the review; never on a closed
 * application. Doing a done step again changes nothing.
 */
export async function completeStep(
  ctx: AppContext,
  user: UserRow,
  body: CompleteStepRequest,
  meta: RequestMeta,
): Promise<ApplicationDetail> {
  const row = await ownApplication(ctx.db, user.id, body.rowId);
  const product = await productOf(ctx.db, row.productCode);
  const flow = productFlow(product);
  const index = flow.indexOf(body.step);
  if (index < 0) {
    throw new ApiError(RSP.STEP_NOT_DONE, `该产品的申请流程不包含${stepName(body.step)}，无需办理`);
  }
  if (isTerminal(row.state)) {
    const refusal = transition(row.state, 'SUBMIT', 'BORROWER');
    const code = refusal.ok ? RSP.APPLICATION_CLOSED : refusal.code;
    throw new ApiError(code, `申请已结束，无法办理${stepName(body.step)}`);
  }
  if (index < flow.indexOf('SUBMIT') && row.state !== 'DRAFT') {
    throw new ApiError(RSP.STATE_NOT_ALLOWED, `申请已提交，无需再办理${stepName(body.step)}`);
  }
  if (index > flow.indexOf('BANK_REVIEW') && row.state !== 'APPROVED' && row.state !== 'SIGNED') {
    throw new ApiError(RSP.STATE_NOT_ALLOWED, `请在审批通过后再办理${stepName(body.step)}`);
  }
  if (body.step === 'OPEN_COLLECTION_ACCOUNT') {
    if ((await openSubAccountBanks(ctx.db, user.id)).includes(row.bank)) return detailOf(ctx, row);
    const name = isBankCode(row.bank) ? PARTNER_BANKS[row.bank].name : row.bank;
    throw new ApiError(
      RSP.SUB_ACCOUNT_NOT_OPEN,
      `请在「收款账户」页面（/lock/toApplyAccountPage）开立${name}收款子账户，开立成功后该步骤自动完成`,
    );
  }
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (row.stepMarks.FACE_VERIFY) return;
    await tx
      .update(applications)
      .set({ stepMarks: { ...row.stepMarks, FACE_VERIFY: now.toISOString() }, updatedAt: now })
      .where(eq(applications.id, row.id));
    await recordUserAudit(tx, user, meta, AUDIT.applicationStepCompleted, now, {
      applicationId: row.id,
      step: body.step,
      sandbox: true,
    });
  });
  return detailOf(ctx, await ownApplication(ctx.db, user.id, row.id));
}
