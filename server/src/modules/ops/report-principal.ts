import {
  BANK_CODES,
  bigintToFen,
  fenToYuan,
  PARTNER_BANKS,
  type PrincipalFigures,
  type PrincipalReport,
} from '@loan/domain';
import { asc, count, eq, ne, sql, sum } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { loans, products } from '../../db/schema.ts';

interface Counted {
  loans: number;
  openLoans: number;
  disbursedFen: number;
  outstandingFen: number;
}

const bankName = (bank: string) => PARTNER_BANKS[bank as keyof typeof PARTNER_BANKS]?.name ?? bank;
const bankRank = (bank: string) => {
  const i = (BANK_CODES as readonly string[]).indexOf(bank);
  return i === -1 ? BANK_CODES.length : i;
};

/** A sum of bigint fen as PostgreSQL answers it (numeric text), as exact integer fen. */
const fenOf = (text: string | null | undefined) => bigintToFen(BigInt(text ?? 0));

function figures(c: Counted): PrincipalFigures {
  return {
    loans: c.loans,
    openLoans: c.openLoans,
    disbursed: fenToYuan(c.disbursedFen),
    outstanding: fenToYuan(c.outstandingFen),
  };
}

function add(into: Counted, c: Counted): Counted {
  into.loans += c.loans;
  into.openLoans += c.openLoans;
  into.disbursedFen += c.disbursedFen;
  into.outstandingFen += c.outstandingFen;
  return into;
}

const none = (): Counted => ({ loans: 0, openLoans: 0, disbursedFen: 0, outstandingFen: 0 });

/**
 * 本金余额 now: per partner bank and product, the loans disbursed (and of them not settled), the principal disbursed
 * and the principal still outstanding (the loan's outstanding_principal_fen, which collections, repayments and
 * settlements keep: the principal of the ledger's DISBURSEMENT line less the principal parts of its later lines);
 * each bank's subtotal and the whole, banks in the catalogue's order.
 */
export async function principalReport(ctx: Pick<AppContext, 'db' | 'now'>): Promise<PrincipalReport> {
  const rows = await ctx.db
    .select({
      bank: loans.bank,
      productCode: loans.productCode,
      productName: sql<string | null>`max(${products.name})`,
      loans: count(),
      openLoans: sql<number>`count(*) filter (where ${ne(loans.status, 'SETTLED')})`.mapWith(Number),
      disbursed: sum(loans.principalFen),
      outstanding: sum(loans.outstandingPrincipalFen),
    })
    .from(loans)
    .leftJoin(products, eq(products.productCode, loans.productCode))
    .groupBy(loans.bank, loans.productCode)
    .orderBy(asc(loans.bank), asc(loans.productCode));
  const counted = rows
    .map((r) => ({
      bank: r.bank as string,
      productCode: r.productCode,
      productName: r.productName ?? r.productCode,
      c: {
        loans: r.loans,
        openLoans: r.openLoans,
        disbursedFen: fenOf(r.disbursed),
        outstandingFen: fenOf(r.outstanding),
      },
    }))
    .sort((a, b) => bankRank(a.bank) - bankRank(b.bank) || a.productCode.localeCompare(b.productCode));
  const banks = new Map<string, Counted>();
  const total = none();
  for (const r of counted) {
    let bank = banks.get(r.bank);
    if (!bank) {
      bank = none();
      banks.set(r.bank, bank);
    }
    add(bank, r.c);
    add(total, r.c);
  }
  return {
    asOf: ctx.now().toISOString(),
    rows: counted.map((r) => ({
      bank: r.bank,
      bankName: bankName(r.bank),
      productCode: r.productCode,
      productName: r.productName,
      ...figures(r.c),
    })),
    banks: [...banks].map(([bank, c]) => ({ bank, bankName: bankName(bank), ...figures(c) })),
    totals: figures(total),
  };
}
