import { formatYuan, type Instalment, type Schedule } from '@loan/domain';
import { Drawer, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useIsPhone } from '../../components/records/RecordParts';

const money = (fen: number) => formatYuan(fen);

const COLUMNS: TableColumnsType<Instalment> = [
  { key: 'period', title: '期数', dataIndex: 'period', width: 56, align: 'center' },
  { key: 'dueDate', title: '还款日', dataIndex: 'dueDate', width: 110 },
  {
    key: 'payment',
    title: '应还（元）',
    align: 'right',
    render: (_, row) => <Typography.Text strong>{money(row.paymentFen)}</Typography.Text>,
  },
  { key: 'principal', title: '本金', align: 'right', render: (_, row) => money(row.principalFen) },
  { key: 'interest', title: '利息', align: 'right', render: (_, row) => money(row.interestFen) },
  { key: 'fee', title: '服务费', align: 'right', render: (_, row) => money(row.feeFen) },
  { key: 'closing', title: '剩余本金', align: 'right', render: (_, row) => money(row.closingPrincipalFen) },
];

/** The parts of a payment as label and figure, in table order. */
const parts = (row: Instalment): [string, number][] => [
  ['本金', row.principalFen],
  ['利息', row.interestFen],
  ['服务费', row.feeFen],
  ['剩余本金', row.closingPrincipalFen],
];

/** One instalment on a phone: the payment beside its date, its parts below; nothing cut, no sideways scroll. */
function InstalmentCard({ row }: { row: Instalment }) {
  return (
    <li
      data-testid={`schedule-period-${row.period}`}
      style={{ borderBottom: '1px solid rgba(5, 5, 5, 0.06)', padding: '10px 0', listStyle: 'none' }}
    >
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Typography.Text>
          第 {row.period} 期 · {row.dueDate}
        </Typography.Text>
        <Typography.Text strong>{money(row.paymentFen)} 元</Typography.Text>
      </Flex>
      <Flex gap="4px 16px" wrap style={{ marginTop: 4 }}>
        {parts(row).map(([label, fen]) => (
          <Typography.Text key={label} type="secondary" style={{ fontSize: 12 }}>
            {label} {money(fen)}
          </Typography.Text>
        ))}
      </Flex>
    </li>
  );
}

function Totals({ schedule }: { schedule: Schedule }) {
  const { totals, upfrontFeeFen } = schedule;
  return (
    <Flex vertical gap={2} data-testid="schedule-totals" style={{ marginTop: 12 }}>
      <Typography.Text strong>还款总额 {money(totals.paymentFen)} 元</Typography.Text>
      <Typography.Text type="secondary">
        本金 {money(totals.principalFen)} 元 · 利息 {money(totals.interestFen)} 元 · 服务费{' '}
        {money(totals.feeFen)} 元
        {upfrontFeeFen > 0 ? `（其中放款时一次性收取 ${money(upfrontFeeFen)} 元）` : ''}
      </Typography.Text>
    </Flex>
  );
}

/**
 * 完整还款计划: every instalment of the preview. A table at desktop widths; at phone widths one card per
 * instalment with the payment beside its date. The totals after them.
 */
export function ScheduleDrawer({
  open,
  onClose,
  schedule,
}: {
  open: boolean;
  onClose: () => void;
  schedule: Schedule | null;
}) {
  const phone = useIsPhone();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="完整还款计划（试算）"
      size={phone ? '100%' : 760}
      destroyOnHidden
    >
      {schedule && (
        <section aria-label="完整还款计划">
          {phone ? (
            <ol style={{ margin: 0, padding: 0 }}>
              {schedule.instalments.map((row) => (
                <InstalmentCard key={row.period} row={row} />
              ))}
            </ol>
          ) : (
            <Table<Instalment>
              rowKey="period"
              size="small"
              aria-label="还款计划"
              columns={COLUMNS}
              dataSource={[...schedule.instalments]}
              pagination={false}
            />
          )}
          <Totals schedule={schedule} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 12 }}>
            按今天放款试算；实际还款日和金额以放款日及合作机构审批的借款合同为准。
          </Typography.Paragraph>
        </section>
      )}
    </Drawer>
  );
}
