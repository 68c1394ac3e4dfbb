import type { LedgerLine } from '@loan/domain';
import { CardsOrTable } from '../../components/records/CardsOrTable';
import { LedgerLineCard } from '../../components/records/LedgerLineCard';
import { ledgerColumns } from '../../components/records/ledger-columns';

const COLUMNS = ledgerColumns({ title: '时间' });

/** 交易明细 of a loan: a table, and on phones a card per line with its amount on top. */
export function LoanLedger({ transactions }: { transactions: readonly LedgerLine[] }) {
  return (
    <CardsOrTable<LedgerLine>
      items={transactions}
      rowKey="id"
      columns={COLUMNS}
      scrollX={600}
      card={(line) => <LedgerLineCard key={line.id} line={line} />}
    />
  );
}
