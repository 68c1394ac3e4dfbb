import { type TableColumnsType, Typography } from 'antd';

/** The money of one instalment as shown. */
export interface InstalmentFigures {
  payment: string;
  principal: string;
  interest: string;
  fee: string;
  remaining: string;
}

/** The parts of a payment as label and figure, in table order (a phone's card lists them so). */
export const instalmentParts = (figures: InstalmentFigures): [string, string][] => [
  ['本金', figures.principal],
  ['利息', figures.interest],
  ['服务费', figures.fee],
  ['剩余本金', figures.remaining],
];

/** A repayment schedule's columns: period, due date, the payment in bold, its parts and the principal left. */
export function scheduleColumns<Row extends { period: number; dueDate: string }>(
  figures: (row: Row) => InstalmentFigures,
  head: { dueDate: string; payment: string; widths: [period: number, dueDate: number] },
): TableColumnsType<Row> {
  const part = (key: keyof InstalmentFigures, title: string) => ({
    key,
    title,
    align: 'right' as const,
    render: (_: unknown, row: Row) => figures(row)[key],
  });
  return [
    { key: 'period', title: '期数', dataIndex: 'period', width: head.widths[0], align: 'center' },
    { key: 'dueDate', title: head.dueDate, dataIndex: 'dueDate', width: head.widths[1] },
    {
      key: 'payment',
      title: head.payment,
      align: 'right',
      render: (_, row) => <Typography.Text strong>{figures(row).payment}</Typography.Text>,
    },
    part('principal', '本金'),
    part('interest', '利息'),
    part('fee', '服务费'),
    part('remaining', '剩余本金'),
  ];
}
