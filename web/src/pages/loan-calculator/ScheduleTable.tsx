import {
  formatYuan,
  type Instalment,
  instalmentFeeSentence,
  type Schedule,
  upfrontFeeSentence,
} from '@loan/domain';
import { Table, type TableColumnsType, Typography } from 'antd';
import { UI_TEXTS } from '../../app/ui-defaults';
import { useIsPhone } from '../../app/useIsPhone';
import { ScheduleCards } from './ScheduleCards';

const money = (fen: number) => formatYuan(fen);

const COLUMNS: TableColumnsType<Instalment> = [
  { title: '期数', dataIndex: 'period', width: 64, fixed: 'left' },
  { title: '还款日', dataIndex: 'dueDate', width: 112 },
  { title: '应还本金', dataIndex: 'principalFen', align: 'right', render: money },
  { title: '应还利息', dataIndex: 'interestFen', align: 'right', render: money },
  { title: '服务费', dataIndex: 'feeFen', align: 'right', render: money },
  { title: '应还总额', dataIndex: 'paymentFen', align: 'right', render: money },
  { title: '剩余本金', dataIndex: 'closingPrincipalFen', align: 'right', render: money },
];

/** The full repayment schedule, 12 periods a page, with a totals row; cards on phones. */
export function ScheduleTable({ schedule }: { schedule: Schedule }) {
  const { instalments, upfrontFeeFen } = schedule;
  const phone = useIsPhone();
  const sum = (pick: (i: Instalment) => number) => instalments.reduce((total, i) => total + pick(i), 0);
  return (
    <>
      {phone ? (
        <ScheduleCards instalments={instalments} />
      ) : (
        <Table<Instalment>
          rowKey="period"
          size="small"
          columns={COLUMNS}
          dataSource={instalments as Instalment[]}
          scroll={{ x: 720 }}
          locale={{ emptyText: UI_TEXTS.empty }}
          pagination={{ pageSize: 12, showSizeChanger: false, hideOnSinglePage: true, size: 'small' }}
          summary={() => (
            <Table.Summary fixed="bottom">
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <Typography.Text strong>合计</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {money(sum((i) => i.principalFen))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {money(sum((i) => i.interestFen))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {money(sum((i) => i.feeFen))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  {money(sum((i) => i.paymentFen))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} />
              </Table.Summary.Row>
            </Table.Summary>
          )}
        />
      )}
      {(instalments[0]?.feeFen ?? 0) > 0 && (
        <Typography.Paragraph type="secondary" className="calc-table-note">
          {instalmentFeeSentence(instalments[0]?.feeFen ?? 0, instalments.length)}
        </Typography.Paragraph>
      )}
      {upfrontFeeFen > 0 && (
        <Typography.Paragraph type="secondary" className="calc-table-note">
          {upfrontFeeSentence(upfrontFeeFen)}该笔服务费未计入上表各期。
        </Typography.Paragraph>
      )}
    </>
  );
}
