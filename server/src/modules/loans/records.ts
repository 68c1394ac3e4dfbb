import {
  type AcceptedAgreement,
  AGREEMENT_KIND_INFO,
  type AgreementKind,
  APPROVED_STATES,
  type ApplicationState,
  fenToYuan,
  isAgreementKind,
  LOAN_STATUSES,
  type LoanRecordDetail,
  type LoanRecordItem,
  type LoanRecordQuery,
  type LoanRecordStatus,
  type LoanStatus,
  MAX_ROW_ID,
  type OverdueBucket,
  PARTNER_BANKS,
  type Page,
  RSP,
  shanghaiDate,
} from '@loan/domain';
import { and, asc, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import {
  type ApplicationRow,
  agreementAcceptances,
  agreementVersions,
  applications,
  type LoanRow,
  ledgerTransactions,
  loans,
  products,
  type UserRow,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import {
  BAD_CURSOR,
  beforeKey,
  decodeCursor,
  encodeCursor,
  epochMicros,
  parseDateRange,
  parseLimit,
} from '../../lib/paging.ts';
import { keptContract } from '../applications/contract-kept.ts';
import { detailOf, ownApplication } from '../applications/service.ts';
import { bankPathOf } from '../applications/views.ts';
import { loanOpenOrder, loanSettlement } from './open-order.ts';
import { overdueStandings } from './overdue-standing.ts';
import { loanOverdueView } from './overdue-today.ts';
import { loanState } from './settlement.ts';
import { instalmentView, ledgerLine, loanView } from './views.ts';

/** Application states behind each record status before disbursement; the loan's own status after. */
const STATES_OF: Partial<Record<LoanRecordStatus, ApplicationState[]>> = {
  APPLYING: ['DRAFT', 'SUBMITTED', 'UNDER_REVIEW'],
  APPROVED: [...APPROVED_STATES],
  REJECTED: ['REJECTED'],
  CLOSED: ['WITHDRAWN', 'CANCELLED'],
};

function isLoanStatus(status: LoanRecordStatus): status is LoanStatus {
  return (LOAN_STATUSES as readonly LoanRecordStatus[]).includes(status);
}

function recordStatusOf(state: ApplicationState, loan: Pick<LoanRow, 'status'> | null): LoanRecordStatus {
  if (loan) return loan.status;
  for (const [status, states] of Object.entries(STATES_OF)) {
    if (states.includes(state)) return status as LoanRecordStatus;
  }
  return 'REPAYING';
}

function recordItem(
  app: ApplicationRow,
  loan: LoanRow | null,
  productName: string | null,
  bucket: OverdueBucket | null,
): LoanRecordItem {
  const bank = app.bank;
  const amountFen = loan ? loan.principalFen : app.amountFen;
  return {
    rowId: app.id,
    loanId: loan?.id ?? null,
    bank,
    bankName: PARTNER_BANKS[bank]?.name ?? app.bank,
    productCode: app.productCode,
    productName: productName ?? app.productCode,
    amount: amountFen === null ? null : fenToYuan(amountFen),
    termMonths: loan?.termMonths ?? app.termMonths,
    state: app.state,
    recordStatus: recordStatusOf(app.state, loan),
    overdueBucket: bucket,
    outstandingPrincipal: loan ? fenToYuan(loan.outstandingPrincipalFen) : null,
    createdAt: app.createdAt.toISOString(),
    disbursedAt: loan?.disbursedAt.toISOString() ?? null,
    bankPath: bankPathOf(app),
  };
}

/**
 * GET /loanMgr/loanRecords: the caller's applications with their loans, newest first by (created_at, id),
 * keyset paged. Every filter walks an index that leads with the user and ends with that order, so a page costs
 * the same at any depth: applications (user_id, created_at, id), (user_id, state, created_at, id),
 * (user_id, bank, created_at, id); a loan status walks loans (user_id, status, applied_at, application_id),
 * applied_at being the loan's copy of its application's created_at.
 */
export async function loanRecords(
  ctx: AppContext,
  user: UserRow,
  query: LoanRecordQuery,
): Promise<Page<LoanRecordItem>> {
  const limit = parseLimit(query.limit);
  const range = parseDateRange(query.from, query.to);
  const states = query.status ? STATES_OF[query.status] : undefined;
  const loanStatus = query.status !== undefined && isLoanStatus(query.status) ? query.status : undefined;
  const byLoanStatus = loanStatus !== undefined;
  // by loan status the loans' columns lead (the planner walks their index); they equal the application's
  const [time, id] = byLoanStatus
    ? [loans.appliedAt, loans.applicationId]
    : [applications.createdAt, applications.id];
  // by loan status the loan's user_id is the owner check: loans_application_user_fk makes it the application's
  const conditions: SQL[] =
    loanStatus !== undefined
      ? [eq(loans.userId, user.id), eq(loans.status, loanStatus)]
      : [eq(applications.userId, user.id)];
  if (states) conditions.push(inArray(applications.state, states));
  if (query.bank) conditions.push(eq(applications.bank, query.bank));
  if (range.since) conditions.push(gte(time, range.since));
  if (range.before) conditions.push(lt(time, range.before));
  if (query.cursor !== undefined) {
    const [micros = 0, lastId = 0] = decodeCursor('r', user.id, query.cursor, 2);
    if (lastId > MAX_ROW_ID) throw new ApiError(RSP.INVALID_INPUT, BAD_CURSOR);
    conditions.push(beforeKey(time, id, micros, lastId));
  }
  const rows = await ctx.db
    .select({
      app: applications,
      loan: loans,
      productName: products.name,
      createdMicros: epochMicros(applications.createdAt),
    })
    .from(applications)
    .leftJoin(loans, eq(loans.applicationId, applications.id))
    .leftJoin(products, eq(products.productCode, applications.productCode))
    .where(and(...conditions))
    .orderBy(desc(time), desc(id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const standings = await overdueStandings(
    ctx.db,
    page.flatMap((r) => (r.loan && r.loan.status !== 'SETTLED' ? [r.loan.id] : [])),
    shanghaiDate(ctx.now()),
  );
  return {
    items: page.map((r) =>
      recordItem(r.app, r.loan, r.productName, standings.get(r.loan?.id ?? 0)?.bucket ?? null),
    ),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor('r', user.id, [Number(last.createdMicros), last.app.id])
        : null,
  };
}

/** GET /loanMgr/loanRecordDetail?rowId=: own only (3005 otherwise). */
export async function loanRecordDetail(
  ctx: AppContext,
  user: UserRow,
  rowIdValue: unknown,
): Promise<LoanRecordDetail> {
  const rowId = typeof rowIdValue === 'string' && /^[1-9]\d{0,9}$/.test(rowIdValue) ? Number(rowIdValue) : 0;
  const app = await ownApplication(ctx.db, user.id, rowId);
  const detail = await detailOf(ctx, app);
  const [loan] = await ctx.db.select().from(loans).where(eq(loans.applicationId, app.id)).limit(1);
  const agreements = await acceptedAgreements(ctx, user.id);
  const contractRowId = (await keptContract(ctx.db, app.id)) ? app.id : null;
  if (!loan || loan.userId !== user.id)
    return {
      detail,
      loan: null,
      instalments: [],
      transactions: [],
      agreements,
      contractRowId,
      openOrder: null,
      settlement: null,
      overdue: null,
    };
  const state = await loanState(ctx.db, loan);
  const today = shanghaiDate(ctx.now());
  const lines = await ctx.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.loanId, loan.id))
    .orderBy(desc(ledgerTransactions.occurredAt), desc(ledgerTransactions.id));
  return {
    detail,
    loan: loanView(loan, state.rows, state.fees, today),
    instalments: state.rows.map(instalmentView),
    transactions: lines.map((l) => ledgerLine(l, detail.product.name)),
    agreements,
    contractRowId,
    openOrder: await loanOpenOrder(ctx.db, loan.id, ctx.now()),
    settlement: await loanSettlement(ctx.db, loan.id),
    overdue: loanOverdueView(state.rows, loan.annualRate, today),
  };
}

async function acceptedAgreements(ctx: AppContext, userId: number): Promise<AcceptedAgreement[]> {
  const rows = await ctx.db
    .select({
      kind: agreementAcceptances.kind,
      title: agreementVersions.title,
      version: agreementVersions.version,
      textHash: agreementAcceptances.textHash,
      acceptedAt: agreementAcceptances.acceptedAt,
    })
    .from(agreementAcceptances)
    .innerJoin(agreementVersions, eq(agreementVersions.id, agreementAcceptances.versionId))
    .where(eq(agreementAcceptances.userId, userId))
    .orderBy(asc(agreementAcceptances.acceptedAt), asc(agreementAcceptances.id));
  return rows
    .filter((r): r is typeof r & { kind: AgreementKind } => isAgreementKind(r.kind))
    .map((r) => ({
      kind: r.kind,
      title: r.title,
      version: r.version,
      textHash: r.textHash,
      acceptedAt: r.acceptedAt.toISOString(),
      route: AGREEMENT_KIND_INFO[r.kind].route,
    }));
}
