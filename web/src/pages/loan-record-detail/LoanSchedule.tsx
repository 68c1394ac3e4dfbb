import {
  formatYuan,
  INSTALMENT_STATUS_DISPLAY,
  type InstalmentView,
  type LoanOverdueView,
  type OverdueInstalmentView,
} from '@loan/domain';
import { Card, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { AmountGrid } from '../../components/records/AmountGrid';
import { CardsOrTable } from '../../components/records/CardsOrTable';
import { EnumTag, fenOf } from '../../components/records/RecordParts';

const _money = (yuan: string) => {
  const fen = fenOf(yuan);
  return fen === null ? '—' : formatYuan(fen);
};

/** What has been paid on an instalment: its four paid parts, exactly. */
function paidFen(i: InstalmentView): number | null {
  const parts = [i.paidPrincipal, i.paidInterest, i.paidFee, i.paidPenalty].map(fenOf);
  if (parts.some((fen) => fen === null)) return null;
  return parts.reduce<number>((sum, fen) => sum + (fen ?? 0), 0);
}

interface Amount {
  key: string;
  title: string;
  width: number;
  fen: (i: InstalmentView) => number | null;
}

/** An instalment's money, in the table's order: 本金 … 未还; 应还 = 已还 + 减免 + 未还 on every row. */
const AMOUNTS: Amount[] = [
  { key: 'principal', title: '本金', width: 110, fen: (i) => fenOf(i.principal) },
  { key: 'interest', title: '利息', width: 100, fen: (i) => fenOf(i.interest) },
  { key: 'fee', title: '服务费', width: 90, fen: (i) => fenOf(i.fee) },
  { key: 'penalty', title: '罚息', width: 90, fen: (i) => fenOf(i.penalty) },
  { key: 'due', title: '应还', width: 110, fen: (i) => fenOf(i.due) },
  { key: 'paid', title: '已还', width: 110, fen: paidFen },
  { key: 'waived', title: '减免', width: 90, fen: (i) => fenOf(i.waived) },
  { key: 'outstanding', title: '未还', width: 110, fen: (i) => fenOf(i.outstanding) },
];

const text = (fen: number | null) => (fen === null ? '—' : formatYuan(fen));

/** The instalments past due today, by period. */
type OverdueBySeq = ReadonlyMap<number, OverdueInstalmentView>;

/** Under a past-due instalment's 罚息: the penalty counted to today (the schedule's figure is as last accrued). */
function PenaltyToday({ today }: { today: OverdueInstalmentView }) {
  return (
    <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
      截至今日 {text(fenOf(today.penalty))}
    </Typography.Text>
  );
}

function columns(overdue: OverdueBySeq): TableColumnsType<InstalmentView> {
  return [
    { key: 'seq', title: '期数', dataIndex: 'seq', width: 64, fixed: 'left', align: 'center' },
    { key: 'dueDate', title: '应还日期', dataIndex: 'dueDate', width: 110 },
    ...AMOUNTS.map(({ key, title, width, fen }) => ({
      key,
      title,
      width,
      align: 'right' as const,
      render: (_: unknown, i: InstalmentView) => {
        const today = key === 'penalty' ? overdue.get(i.seq) : undefined;
        return today ? (
          <>
            {text(fen(i))}
            <PenaltyToday today={today} />
          </>
        ) : (
          text(fen(i))
        );
      },
    })),
    {
      key: 'status',
      title: '状态',
      width: 100,
      fixed: 'right',
      render: (_, i) => {
        const today = overdue.get(i.seq);
        return (
          <>
            <EnumTag display={INSTALMENT_STATUS_DISPLAY[i.status]} />
            {today && (
              <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
                逾期 {today.days} 天
              </Typography.Text>
            )}
          </>
        );
      },
    },
  ];
}

/** Every amount column summed over the schedule, exactly (null when a figure is unreadable). */
export function scheduleTotals(instalments: readonly InstalmentView[]): Record<string, number | null> {
  return Object.fromEntries(
    AMOUNTS.map(({ key, fen }) => {
      const values = instalments.map(fen);
      return [key, values.some((v) => v === null) ? null : values.reduce<number>((s, v) => s + (v ?? 0), 0)];
    }),
  );
}

/** One instalment on a phone: period, date and status on top, every amount below (past due: days, penalty today). */
function InstalmentCard({
  instalment,
  today,
}: {
  instalment: InstalmentView;
  today?: OverdueInstalmentView;
}) {
  const title = `第 ${instalment.seq} 期 · ${instalment.dueDate}`;
  const amounts = AMOUNTS.map(({ key, title, fen }) => ({ key, label: title, value: text(fen(instalment)) }));
  const overdue = today
    ? [
        { key: 'days', label: '逾期天数', value: `${today.days} 天` },
        { key: 'penaltyToday', label: '罚息（截至今日）', value: text(fenOf(today.penalty)) },
      ]
    : [];
  return (
    <Card
      size="small"
      role="listitem"
      aria-label={title}
      title={title}
      extra={<EnumTag display={INSTALMENT_STATUS_DISPLAY[instalment.status]} />}
    >
      <AmountGrid items={[...amounts, ...overdue]} />
    </Card>
  );
}

/** 剩余应还, 剩余期数 and 到期日 of the schedule. */
function ScheduleSummary({ instalments }: { instalments: readonly InstalmentView[] }) {
  const totals = scheduleTotals(instalments);
  const remaining = instalments.filter((i) => fenOf(i.outstanding) !== 0).length;
  const last = instalments.at(-1)?.dueDate ?? '—';
  return (
    <Flex gap={24} wrap data-testid="schedule-summary">
      <Typography.Text>
        剩余应还 <Typography.Text strong>{text(totals.outstanding ?? null)} 元</Typography.Text>
      </Typography.Text>
      <Typography.Text>
        剩余期数 <Typography.Text strong>{remaining} 期</Typography.Text>
      </Typography.Text>
      <Typography.Text>
        到期日 <Typography.Text strong>{last}</Typography.Text>
      </Typography.Text>
    </Flex>
  );
}

/**
 * 还款计划 of a loan: a summary, a table with a 合计 row, and on phones a card per instalment; an instalment past due
 * also shows its days and the penalty counted to today.
 */
export function LoanSchedule({
  instalments,
  overdue = null,
}: {
  instalments: readonly InstalmentView[];
  overdue?: LoanOverdueView | null;
}) {
  const totals = scheduleTotals(instalments);
  const bySeq: OverdueBySeq = new Map((overdue?.instalments ?? []).map((i) => [i.seq, i]));
  return (
    <Flex vertical gap={12}>
      {instalments.length > 0 && <ScheduleSummary instalments={instalments} />}
      <CardsOrTable<InstalmentView>
        items={instalments}
        rowKey="seq"
        columns={columns(bySeq)}
        scrollX={1100}
        card={(i) => <InstalmentCard key={i.seq} instalment={i} today={bySeq.get(i.seq)} />}
        listLabel="还款计划"
        summary={{
          row: (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2} align="center">
                合计
              </Table.Summary.Cell>
              {AMOUNTS.map(({ key }, n) => (
                <Table.Summary.Cell key={key} index={n + 2} align="right">
                  {text(totals[key] ?? null)}
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={AMOUNTS.length + 2} />
            </Table.Summary.Row>
          ),
          card: (
            <Card size="small" title="合计" role="listitem" aria-label="合计">
              <AmountGrid
                items={AMOUNTS.map(({ key, title }) => ({
                  key,
                  label: title,
                  value: text(totals[key] ?? null),
                }))}
              />
            </Card>
          ),
        }}
      />
    </Flex>
  );
}
