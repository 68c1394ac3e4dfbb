import {
  type ApplicationDetail,
  MAX_ROW_ID,
  type Product,
  RSP,
  rspText,
  STEP_INFO,
  type StepKey,
  shanghaiDate,
} from '@loan/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type ApplicationRow, applicationEvents, applications, loans, products } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { agreementsAccepted } from '../agreements/service.ts';
import { certificationSummary } from '../certification/service.ts';
import { productCard, rowToProduct } from '../products/service.ts';
import { openSubAccountBanks } from '../receiving-account/accounts.ts';
import { applicationDetail, type BorrowerProgress } from './views.ts';

/** One answer for a missing, foreign, mismatched or malformed id: never reveals whether it exists. */
export const notFound = () => new ApiError(RSP.APPLICATION_NOT_FOUND, rspText(RSP.APPLICATION_NOT_FOUND));

const ROW_ID = /^[1-9]\d{0,9}$/;

export function parseRowId(value: string | number | undefined): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (text === undefined || !ROW_ID.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ROW_ID ? id : null;
}

/** The user's application with this id, else 3005. */
export async function ownApplication(db: Database, userId: number, rowId: number): Promise<ApplicationRow> {
  const id = parseRowId(rowId);
  if (id === null) throw notFound();
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The product an application was made for, active or not (a product withdrawn later still shows). */
export async function productOf(db: Database, productCode: string): Promise<Product> {
  const [row] = await db.select().from(products).where(eq(products.productCode, productCode)).limit(1);
  const product = row ? rowToProduct(row) : null;
  if (!product) throw notFound();
  return product;
}

export async function progressOf(db: Database, userId: number): Promise<BorrowerProgress> {
  return {
    agreementsAccepted: await agreementsAccepted(db, userId),
    certification: await certificationSummary(db, userId),
    subAccountBanks: await openSubAccountBanks(db, userId),
  };
}

export async function eventsOf(db: Database, applicationId: number) {
  return db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(asc(applicationEvents.id));
}

/** The ApplicationDetail of a row (also the loan record detail's head). */
export async function detailOf(ctx: AppContext, row: ApplicationRow): Promise<ApplicationDetail> {
  const product = await productOf(ctx.db, row.productCode);
  const card = productCard(product, shanghaiDate(ctx.now()));
  return applicationDetail(
    row,
    product,
    card,
    await progressOf(ctx.db, row.userId),
    await eventsOf(ctx.db, row.id),
    ctx.now(),
    await loanIdOf(ctx.db, row.id),
  );
}

/** The loan an application became at disbursement, else null. */
export async function loanIdOf(db: Database, applicationId: number): Promise<number | null> {
  const [loan] = await db
    .select({ id: loans.id })
    .from(loans)
    .where(eq(loans.applicationId, applicationId))
    .limit(1);
  return loan?.id ?? null;
}

/** The user's loans by the application each was made from. */
export async function loanIdsByApplication(db: Database, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: loans.id, applicationId: loans.applicationId })
    .from(loans)
    .where(eq(loans.userId, userId));
  return new Map(rows.map((loan) => [loan.applicationId, loan.id]));
}

/** A step's title in quotes, for messages. */
export const stepName = (key: StepKey) => `「${STEP_INFO[key].title}」`;
