import { LEDGER_TYPE_DISPLAY, type LedgerLine } from '@loan/domain';
import type { TableColumnsType } from 'antd';
import { formatShanghaiTime } from '../../components/application/ApplicationParts';
import { CardsOrTable } from '../../components/records/CardsOrTable';
import { LedgerLineCard } from '../../components/records/LedgerLineCard';
import { EnumTag, partsText, SignedAmount } from '../../components/records/RecordParts';

const COLUMNS: TableColumnsType<LedgerLine> = [
  { key: 'time', title: '时间', width: 170, render: (_, l) => formatShanghaiTime(l.occurredAt) },
  {
    key: 'type',
    title: '类型',
    width: 100,
    render: (_, l) => <EnumTag display={LEDGER_TYPE_DISPLAY[l.type]} />,
  },
  {
    key: 'amount',
    title: '金额（元）',
    align: 'right',
    width: 130,
    render: (_, l) => <SignedAmount yuan={l.amount} />,
  },
  { key: 'parts', title: '构成', render: (_, l) => partsText(l) },
];

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
