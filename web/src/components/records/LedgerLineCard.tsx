import { formatDateTime, LEDGER_TYPE_DISPLAY, type LedgerLine } from '@loan/domain';
import { Card, Descriptions, Flex } from 'antd';
import { EnumTag, partsText, SignedAmount } from './RecordParts';

/** One ledger line on a phone: its type and signed amount on top, then its time, its parts and any more. */
export function LedgerLineCard({
  line,
  more = [],
}: {
  line: LedgerLine;
  /** further rows (产品, 备注 …) */
  more?: readonly { key: string; label: string; children: string }[];
}) {
  return (
    <Card
      size="small"
      aria-label={`${LEDGER_TYPE_DISPLAY[line.type].label} ${formatDateTime(line.occurredAt)}`}
      title={
        <Flex gap={8} align="center" justify="space-between">
          <EnumTag display={LEDGER_TYPE_DISPLAY[line.type]} />
          <SignedAmount yuan={line.amount} />
        </Flex>
      }
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'time', label: '交易时间', children: formatDateTime(line.occurredAt) },
          { key: 'parts', label: '构成', children: partsText(line) },
          ...more,
        ]}
      />
    </Card>
  );
}
