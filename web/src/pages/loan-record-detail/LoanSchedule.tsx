import { formatYuan, INSTALMENT_STATUS_DISPLAY, type InstalmentView } from '@loan/domain';
import { Card, type TableColumnsType } from 'antd';
import { AmountGrid } from '../../components/records/AmountGrid';
import { CardsOrTable } from '../../components/records/CardsOrTable';
import { EnumTag, fenOf } from '../../components/records/RecordParts';

const money = (yuan: string) => {
  const fen = fenOf(yuan);
  return fen === null ? '—' : formatYuan(fen);
};

/** What has been paid on an instalment: its four paid parts, exactly. */
function paidText(i: InstalmentView): string {
  const parts = [i.paidPrincipal, i.paidInterest, i.paidFee, i.paidPenalty].map(fenOf);
  if (parts.some((fen) => fen === null)) return '—';
  return formatYuan(parts.reduce<number>((sum, fen) => sum + (fen ?? 0), 0));
}

/** An instalment's money, in the table's order: 本金 … 未还. */
const AMOUNTS: { key: string; title: string; width: number; text: (i: InstalmentView) => string }[] = [
  { key: 'principal', title: '本金', width: 110, text: (i) => money(i.principal) },
  { key: 'interest', title: '利息', width: 100, text: (i) => money(i.interest) },
  { key: 'fee', title: '服务费', width: 90, text: (i) => money(i.fee) },
  { key: 'penalty', title: '罚息', width: 90, text: (i) => money(i.penalty) },
  { key: 'paid', title: '已还', width: 110, text: paidText },
  { key: 'outstanding', title: '未还', width: 110, text: (i) => money(i.outstanding) },
];

const COLUMNS: TableColumnsType<InstalmentView> = [
  { key: 'seq', title: '期数', dataIndex: 'seq', width: 64, fixed: 'left', align: 'center' },
  { key: 'dueDate', title: '应还日期', dataIndex: 'dueDate', width: 110 },
  ...AMOUNTS.map(({ key, title, width, text }) => ({
    key,
    title,
    width,
    align: 'right' as const,
    render: (_: unknown, i: InstalmentView) => text(i),
  })),
  {
    key: 'status',
    title: '状态',
    width: 100,
    fixed: 'right',
    render: (_, i) => <EnumTag display={INSTALMENT_STATUS_DISPLAY[i.status]} />,
  },
];

/** One instalment on a phone: period, date and status on top, every amount below. */
function InstalmentCard({ instalment }: { instalment: InstalmentView }) {
  const title = `第 ${instalment.seq} 期 · ${instalment.dueDate}`;
  return (
    <Card
      size="small"
      role="listitem"
      aria-label={title}
      title={title}
      extra={<EnumTag display={INSTALMENT_STATUS_DISPLAY[instalment.status]} />}
    >
      <AmountGrid
        items={AMOUNTS.map(({ key, title, text }) => ({ key, label: title, value: text(instalment) }))}
      />
    </Card>
  );
}

/** 还款计划 of a loan: a table, and on phones a card per instalment so that every amount stays in view. */
export function LoanSchedule({ instalments }: { instalments: readonly InstalmentView[] }) {
  return (
    <CardsOrTable<InstalmentView>
      items={instalments}
      rowKey="seq"
      columns={COLUMNS}
      scrollX={900}
      card={(i) => <InstalmentCard key={i.seq} instalment={i} />}
      listLabel="还款计划"
    />
  );
}
