import { fenToYuan, type LoanContractInstalment, yuanToFen } from '@loan/domain';
import { Grid, Table, Typography } from 'antd';
import { type InstalmentFigures, instalmentParts, scheduleColumns } from '../schedule-columns';
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

const figures = (row: LoanContractInstalment): InstalmentFigures => ({
  payment: moneyText(row.payment),
  principal: moneyText(row.principal),
  interest: moneyText(row.interest),
  fee: moneyText(row.fee),
  remaining: moneyText(row.remaining),
});

const COLUMNS = scheduleColumns(figures, { dueDate: '应还日期', payment: '应还金额', widths: [64, 120] });

/** One instalment on a phone: the payment large, its parts below, nothing cut. */
function InstalmentCard({ row }: { row: LoanContractInstalment }) {
  const shown = figures(row);
  return (
    <li className="contract-instalment" data-testid={`contract-period-${row.period}`}>
      <div className="contract-instalment-head">
        <span>
          第 {row.period} 期 · {row.dueDate}
        </span>
        <Typography.Text strong data-testid="payment">
          {shown.payment}
        </Typography.Text>
      </div>
      <dl className="contract-instalment-parts">
        {instalmentParts(shown).map(([label, text]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{text}</dd>
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
