import { Flex, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useIsPhone } from '../../app/useIsPhone';
import { NoData } from './RecordParts';

/**
 * Rows shown whole, without paging: a small table, and on phones a card per row so that every figure stays in
 * view. Nothing to show says so in either.
 */
export function CardsOrTable<T extends object>({
  items,
  rowKey,
  columns,
  scrollX,
  card,
  listLabel,
  summary,
}: {
  items: readonly T[];
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  scrollX: number;
  /** one row as a card, on phones */
  card: (item: T) => ReactNode;
  /** names the cards as a list (role list) */
  listLabel?: string;
  /** a last row of totals: the table's summary row, and a card after the others on phones */
  summary?: { row: ReactNode; card: ReactNode };
}) {
  const phone = useIsPhone();
  if (phone) {
    if (items.length === 0) return <NoData />;
    return (
      <Flex vertical gap={12} role={listLabel ? 'list' : undefined} aria-label={listLabel}>
        {items.map((item) => card(item))}
        {summary?.card}
      </Flex>
    );
  }
  return (
    <Table<T>
      rowKey={rowKey}
      size="small"
      columns={columns}
      dataSource={items as T[]}
      pagination={false}
      scroll={{ x: scrollX }}
      locale={{ emptyText: <NoData /> }}
      summary={summary && items.length > 0 ? () => summary.row : undefined}
    />
  );
}
