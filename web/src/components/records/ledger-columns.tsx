import { formatDateTime, LEDGER_TYPE_DISPLAY, type LedgerLine } from '@loan/domain';
import type { TableColumnsType } from 'antd';
import { partsText, SignedAmount, tagColumn } from './RecordParts';

/** The columns of ledger lines: when (`time` names it; fixed on the left in a wide list), type, signed amount, parts. */
export function ledgerColumns(
  time: { title: string; fixed?: 'left' },
  partsWidth?: number,
): TableColumnsType<LedgerLine> {
  return [
    {
      key: 'time',
      title: time.title,
      width: 170,
      ...(time.fixed ? { fixed: time.fixed } : {}),
      render: (_, line) => formatDateTime(line.occurredAt),
    },
    tagColumn<LedgerLine>('type', '类型', 100, (line) => LEDGER_TYPE_DISPLAY[line.type]),
    {
      key: 'amount',
      title: '金额（元）',
      align: 'right',
      width: 130,
      render: (_, line) => <SignedAmount yuan={line.amount} />,
    },
    {
      key: 'parts',
      title: '构成',
      ...(partsWidth ? { width: partsWidth } : {}),
      render: (_, line) => partsText(line),
    },
  ];
}
