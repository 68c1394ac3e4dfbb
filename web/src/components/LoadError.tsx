import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { isApiError } from '../api/errors';

/**
 * A query that failed to load: the server's reason (else `failed`), or always `title` when given, and 重新加载,
 * which asks again.
 */
export function LoadError({
  query,
  failed,
  title,
  style,
}: {
  query: Pick<UseQueryResult, 'error' | 'refetch'>;
  /** said when the error carries no reason of the server's */
  failed?: string;
  /** said whatever the error */
  title?: string;
  style?: CSSProperties;
}) {
  return (
    <Alert
      type="error"
      showIcon
      style={style}
      title={title ?? (isApiError(query.error) ? query.error.desc : failed)}
      action={<Button onClick={() => void query.refetch()}>重新加载</Button>}
    />
  );
}
