import { OPS_API, type SystemStatus } from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { opsRequest } from './http';

/** 系统状态: the background queues, open partner calls, notices, the database and the server that answered. */
export const systemStatusQuery = () =>
  queryOptions({
    queryKey: ['ops', 'system', 'status'],
    queryFn: () => opsRequest<SystemStatus>('GET', OPS_API.systemStatus),
  });
