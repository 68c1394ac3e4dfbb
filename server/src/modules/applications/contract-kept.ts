import { type LoanContractParties, RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type ApplicationRow, type LoanContractRow, loanContracts } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { nextRowId } from '../../lib/next-row-id.ts';
import { type AtRestKeys, openOrNull, seal } from '../../lib/sealed-columns.ts';
import type { AcceptedContract } from './contract.ts';
import { contractFacts } from './contract-terms.ts';

/**
 * The signed contract at rest: its text and its parties name the legal representative, so both are sealed,
 * bound to `loan_contracts:<id>:body|parties` (the id drawn before the insert). The text hash is the sha256 of
 * the plain text as shown and signed. Nothing else reads or writes those two columns.
 */

/** The kept contract of an application, if it was signed (still sealed: open it with openKept). */
export async function keptContract(db: Database, applicationId: number): Promise<LoanContractRow | null> {
  const [row] = await db
    .select()
    .from(loanContracts)
    .where(eq(loanContracts.applicationId, applicationId))
    .limit(1);
  return row ?? null;
}

export interface OpenedContract {
  row: LoanContractRow;
  body: string;
  parties: LoanContractParties;
}

/** 3407 with its reason: the kept text does not open here (the warning names the row, never the text). */
export const CONTRACT_UNREADABLE = '留存的借款合同无法读取，请联系客服获取';

/** The kept contract's text and parties in the clear; 3407 when either does not open. */
export function openKept(
  ctx: { config: AtRestKeys; log?: Pick<FastifyBaseLogger, 'warn'> },
  row: LoanContractRow,
): OpenedContract {
  const body = openOrNull(ctx, 'contractBody', row.id, row.bodyEnc);
  const parties = openOrNull(ctx, 'contractParties', row.id, row.partiesEnc);
  if (body === null || parties === null) throw new ApiError(RSP.CONTRACT_NOT_SIGNED, CONTRACT_UNREADABLE);
  return { row, body, parties: JSON.parse(parties) as LoanContractParties };
}

/** Keeps the accepted contract with its evidence (call in the SIGN event's transaction). */
export async function keepContract(
  tx: Database,
  keys: AtRestKeys,
  row: ApplicationRow,
  accepted: AcceptedContract,
  signedAt: Date,
  meta: RequestMeta,
): Promise<void> {
  const { terms, rendered, textHash } = accepted;
  const id = await nextRowId(tx, 'loan_contracts');
  await tx.insert(loanContracts).values({
    id,
    applicationId: row.id,
    userId: row.userId,
    contractNo: terms.contractNo,
    version: terms.version,
    title: rendered.title,
    bodyEnc: seal(keys, 'contractBody', id, rendered.body),
    textHash,
    partiesEnc: seal(keys, 'contractParties', id, JSON.stringify(terms.parties)),
    keyFacts: rendered.keyFacts,
    details: {
      pricing: {
        annualRate: terms.product.annualRate,
        method: terms.product.method,
        serviceFee: terms.product.serviceFee ?? null,
      },
      ...contractFacts(terms, rendered),
    },
    signedAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
}
