import { formatYuan, type Instalment, type Schedule } from '@loan/domain';
import { Flex, Table, Typography } from 'antd';
import { useIsPhone } from '../../app/useIsPhone';
import { DetailDrawer } from '../../components/DetailDrawer';
import { type InstalmentFigures, instalmentParts, scheduleColumns } from '../../components/schedule-columns';

const money = (fen: number) => formatYuan(fen);

const figures = (row: Instalment): InstalmentFigures => ({
  payment: money(row.paymentFen),
  principal: money(row.principalFen),
  interest: money(row.interestFen),
  fee: money(row.feeFen),
  remaining: money(row.closingPrincipalFen),
});

const COLUMNS = scheduleColumns(figures, { dueDate: '还款日', payment: '应还（元）', widths: [56, 110] });

/** One instalment on a phone: the payment beside its date, its parts below; nothing cut, no sideways scroll. */
function InstalmentCard({ row }: { row: Instalment }) {
  const shown = figures(row);
  return (
    <li
      data-testid={`schedule-period-${row.period}`}
      style={{ borderBottom: '1px solid rgba(5, 5, 5, 0.06)', padding: '10px 0', listStyle: 'none' }}
    >
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Typography.Text>
          第 {row.period} 期 · {row.dueDate}
        </Typography.Text>
        <Typography.Text strong>{shown.payment} 元</Typography.Text>
      </Flex>
      <Flex gap="4px 16px" wrap style={{ marginTop: 4 }}>
        {instalmentParts(shown).map(([label, text]) => (
          <Typography.Text key={label} type="secondary" style={{ fontSize: 12 }}>
            {label} {text}
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
        {money(totals.feeFen)} 元{upfrontFeeFen > 0 ? `（其中一次性服务费 ${money(upfrontFeeFen)} 元）` : ''}
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
    <DetailDrawer open={open} onClose={onClose} title="完整还款计划（试算）" phone={phone} width={760}>
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
    </DetailDrawer>
  );
}
