import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';

type Query<T> = Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data' | 'refetch'>;

/** A query's three faces: a skeleton while loading, the error with 重新加载, else the data rendered. */
export function QueryState<T>({
  query,
  rows = 10,
  failed = '加载失败',
  children,
}: {
  query: Query<T>;
  rows?: number;
  /** said when the error has no message of its own */
  failed?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton active paragraph={{ rows }} />;
  if (query.isError || query.data === undefined) {
    return (
      <Empty description={query.error instanceof Error ? query.error.message : failed}>
        <Button onClick={() => void query.refetch()}>重新加载</Button>
      </Empty>
    );
  }
  return children(query.data);
}
