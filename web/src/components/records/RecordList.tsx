import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Flex, Spin, Table, type TableColumnsType, type TableProps } from 'antd';
import { type ReactNode, useDeferredValue } from 'react';
import { KeysetPager, NoData } from './RecordParts';
import type { useKeysetPager } from './useKeysetPager';

/** The sum of the columns' set widths (a table narrower than this would slide columns under a fixed one). */
const columnsWidth = <T,>(columns: TableColumnsType<T>): number =>
  columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0);

interface Props<T> {
  records: Pick<
    UseQueryResult<{ items: T[]; nextCursor: string | null }>,
    'data' | 'isPending' | 'isFetching' | 'isError' | 'error' | 'refetch'
  >;
  pager: ReturnType<typeof useKeysetPager>;
  phone: boolean;
  /** said when the error has no message of its own */
  failed: string;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  /** the table's scroll width; by default the sum of the columns' widths, so a fixed column covers none */
  scrollX?: number;
  /** one item as a card, on phones */
  card: (item: T) => ReactNode;
  /** under the pager */
  note?: ReactNode;
  /** check boxes on the table's rows (cards carry their own) */
  rowSelection?: TableProps<T>['rowSelection'];
  /** what an empty list shows (an EmptyNext with the way on); 暂无数据 by default */
  empty?: ReactNode;
}

/**
 * A keyset-paged record list: its error with 重新加载, a table (cards on phones) with its empty and loading
 * states, and the pager.
 */
export function RecordList<T extends object>({
  records,
  pager,
  phone,
  failed,
  rowKey,
  columns,
  scrollX,
  card,
  note,
  rowSelection,
  empty = <NoData />,
}: Props<T>) {
  // a page of rows that arrives is drawn in the background (React's deferred value: in slices, the phone stays
  // responsive), the spinner and the rows before it staying until it is drawn; rows already in when the list
  // first draws (asked by the route as the app started) are drawn with it, without a spinner first
  const data = useDeferredValue(records.data);
  const drawing = data !== records.data;
  const items = data?.items ?? [];
  const nextCursor = data?.nextCursor ?? null;
  const loading = records.isFetching || drawing;
  const pending = records.isPending || (drawing && data === undefined);
  return (
    <>
      {records.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={records.error instanceof Error ? records.error.message : failed}
          action={<Button onClick={() => void records.refetch()}>重新加载</Button>}
        />
      )}
      {phone ? (
        <Spin spinning={loading}>
          <Flex vertical gap={12}>
            {items.map((item) => (
              <div key={String(item[rowKey])}>{card(item)}</div>
            ))}
            {items.length === 0 && !pending && empty}
          </Flex>
        </Spin>
      ) : (
        <Table<T>
          rowKey={rowKey}
          rowSelection={rowSelection}
          size="middle"
          columns={columns}
          dataSource={items}
          loading={loading}
          pagination={false}
          scroll={{ x: scrollX ?? columnsWidth(columns) }}
          locale={{ emptyText: pending ? ' ' : empty }}
        />
      )}
      <Flex vertical>
        <KeysetPager
          page={pager.page}
          pageSize={pager.pageSize}
          hasNext={nextCursor !== null}
          loading={loading}
          onPrevious={pager.previous}
          onNext={() => nextCursor && pager.next(nextCursor)}
          onPageSizeChange={pager.setPageSize}
        />
        {note}
      </Flex>
    </>
  );
}
