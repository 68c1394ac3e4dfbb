import { formatYuan, type Instalment } from '@loan/domain';
import { Card, Flex, Pagination, Typography } from 'antd';
import { useState } from 'react';
import { AmountGrid } from '../../components/records/AmountGrid';

const PAGE_SIZE = 12;

/**
 * The schedule on a phone: a card per period with what is due on top and its parts below, 12 a page, then the
 * totals. A table of seven columns would show only the first amount at 375 px.
 */
export function ScheduleCards({ instalments }: { instalments: readonly Instalment[] }) {
  const [page, setPage] = useState(1);
  const shown = instalments.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const sum = (pick: (i: Instalment) => number) => instalments.reduce((total, i) => total + pick(i), 0);
  return (
    <Flex vertical gap={12}>
      <Flex vertical gap={12} role="list" aria-label="还款计划">
        {shown.map((i) => (
          <Card
            key={i.period}
            size="small"
            role="listitem"
            aria-label={`第 ${i.period} 期`}
            title={`第 ${i.period} 期 · ${i.dueDate}`}
            extra={<Typography.Text strong>应还 {formatYuan(i.paymentFen)}</Typography.Text>}
          >
            <AmountGrid
              items={[
                { key: 'principal', label: '应还本金', value: formatYuan(i.principalFen) },
                { key: 'interest', label: '应还利息', value: formatYuan(i.interestFen) },
                { key: 'fee', label: '服务费', value: formatYuan(i.feeFen) },
                { key: 'closing', label: '剩余本金', value: formatYuan(i.closingPrincipalFen) },
              ]}
            />
          </Card>
        ))}
      </Flex>
      {instalments.length > PAGE_SIZE && (
        <Pagination
          simple
          size="small"
          align="center"
          current={page}
          pageSize={PAGE_SIZE}
          total={instalments.length}
          onChange={setPage}
        />
      )}
      <Card size="small" title="合计" aria-label="合计">
        <AmountGrid
          items={[
            { key: 'principal', label: '本金', value: formatYuan(sum((i) => i.principalFen)) },
            { key: 'interest', label: '利息', value: formatYuan(sum((i) => i.interestFen)) },
            { key: 'fee', label: '服务费', value: formatYuan(sum((i) => i.feeFen)) },
            { key: 'payment', label: '还款总额', value: formatYuan(sum((i) => i.paymentFen)) },
          ]}
        />
      </Card>
    </Flex>
  );
}
