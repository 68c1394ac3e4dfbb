import { fenToYuan, type LoanContractInstalment, yuanToFen } from '@loan/domain';
import { Grid, Table, type TableColumnsType, Typography } from 'antd';
import { moneyText } from './contract-format';

type MoneyPart = 'principal' | 'interest' | 'fee' | 'payment';

/** The schedule's column sums, exactly (fen). */
function scheduleTotals(schedule: readonly LoanContractInstalment[]): Record<MoneyPart, string> {
  const sum = (part: MoneyPart) => fenToYuan(schedule.reduce((fen, row) => fen + yuanToFen(row[part]), 0));
  return {
    principal: sum('principal'),
    interest: sum('interest'),
    fee: sum('fee'),
    payment: sum('payment'),
  };
}

const COLUMNS: TableColumnsType<LoanContractInstalment> = [
  { key: 'period', title: '期数', dataIndex: 'period', width: 64, align: 'center' },
  { key: 'dueDate', title: '应还日期', dataIndex: 'dueDate', width: 120 },
  {
    key: 'payment',
    title: '应还金额',
    align: 'right',
    render: (_, row) => <Typography.Text strong>{moneyText(row.payment)}</Typography.Text>,
  },
  { key: 'principal', title: '本金', align: 'right', render: (_, row) => moneyText(row.principal) },
  { key: 'interest', title: '利息', align: 'right', render: (_, row) => moneyText(row.interest) },
  { key: 'fee', title: '服务费', align: 'right', render: (_, row) => moneyText(row.fee) },
  { key: 'remaining', title: '剩余本金', align: 'right', render: (_, row) => moneyText(row.remaining) },
];

/** One instalment on a phone: the payment large, its parts below, nothing cut. */
function InstalmentCard({ row }: { row: LoanContractInstalment }) {
  const parts: [string, string][] = [
    ['本金', row.principal],
    ['利息', row.interest],
    ['服务费', row.fee],
    ['剩余本金', row.remaining],
  ];
  return (
    <li className="contract-instalment" data-testid={`contract-period-${row.period}`}>
      <div className="contract-instalment-head">
        <span>
          第 {row.period} 期 · {row.dueDate}
        </span>
        <Typography.Text strong data-testid="payment">
          {moneyText(row.payment)}
        </Typography.Text>
      </div>
      <dl className="contract-instalment-parts">
        {parts.map(([label, yuan]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{moneyText(yuan)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * 还款计划 of the contract, every row: a table with a 合计 row at desktop; at phone widths one card per
 * instalment (every figure visible without scrolling sideways) and the totals after them.
 */
export function ContractSchedule({ schedule }: { schedule: readonly LoanContractInstalment[] }) {
  const screens = Grid.useBreakpoint();
  const totals = scheduleTotals(schedule);
  if (screens.md === false)
    return (
      <section aria-label="还款计划">
        <ol className="contract-instalments">
          {schedule.map((row) => (
            <InstalmentCard key={row.period} row={row} />
          ))}
        </ol>
        <dl className="contract-instalment-parts contract-totals" data-testid="schedule-totals">
          <div>
            <dt>合计应还</dt>
            <dd data-testid="total-payment">{moneyText(totals.payment)}</dd>
          </div>
          <div>
            <dt>合计本金</dt>
            <dd data-testid="total-principal">{moneyText(totals.principal)}</dd>
          </div>
          <div>
            <dt>合计利息</dt>
            <dd data-testid="total-interest">{moneyText(totals.interest)}</dd>
          </div>
          <div>
            <dt>合计服务费</dt>
            <dd data-testid="total-fee">{moneyText(totals.fee)}</dd>
          </div>
        </dl>
      </section>
    );
  return (
    <section aria-label="还款计划">
      <Table<LoanContractInstalment>
        rowKey="period"
        size="small"
        columns={COLUMNS}
        dataSource={[...schedule]}
        pagination={false}
        summary={() => (
          <Table.Summary.Row data-testid="schedule-totals">
            <Table.Summary.Cell index={0} colSpan={2}>
              <Typography.Text strong>合计</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <Typography.Text strong data-testid="total-payment">
                {moneyText(totals.payment)}
              </Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              <span data-testid="total-principal">{moneyText(totals.principal)}</span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              <span data-testid="total-interest">{moneyText(totals.interest)}</span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              <span data-testid="total-fee">{moneyText(totals.fee)}</span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} />
          </Table.Summary.Row>
        )}
      />
    </section>
  );
}
