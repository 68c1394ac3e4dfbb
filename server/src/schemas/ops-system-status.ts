import type { SystemStatus } from '@loan/domain';
import { Type } from 'typebox';
import { DateTime, NullableDateTime, NullableString } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

const JobQueueLine = Type.Object({
  queue: Type.String({ description: '队列名（server/src/jobs/background.ts JOB）' }),
  label: Type.String({ description: '中文名称' }),
  everySeconds: Type.Integer({ description: '周期（秒）：所有服务器合计每周期至多运行一次' }),
  onDemand: Type.Boolean({ description: '仅在有到期工作时才排队（无运行不算故障）' }),
  lastCompletedAt: NullableDateTime,
  lastFailedAt: NullableDateTime,
  lastError: NullableString,
  completedLastHour: Type.Integer(),
  failedLastHour: Type.Integer(),
  health: Type.Enum(['OK', 'LATE', 'FAILING', 'IDLE'], {
    description: 'OK 正常；LATE 延迟；FAILING 最近一次运行失败；IDLE 按需队列近来无事可做',
  }),
});

export const SystemStatusSchema = Type.Object({
  checkedAt: DateTime,
  database: Type.Object({
    kind: Type.Enum(['pglite', 'postgres']),
    migrationsApplied: Type.Integer(),
    migrationsPending: Type.Integer(),
  }),
  server: Type.Object({
    pid: Type.Integer(),
    node: Type.String(),
    uptimeSeconds: Type.Integer(),
    environment: Type.String(),
    sandbox: Type.Boolean(),
  }),
  jobs: Type.Array(JobQueueLine),
  partnerCalls: Type.Object({
    open: Type.Integer(),
    oldestOpenAt: NullableDateTime,
    refusedLast7Days: Type.Integer(),
  }),
  notices: Type.Object({ pending: Type.Integer(), failedLast24h: Type.Integer() }),
});

export type SystemStatusSchemaChecks = CheckAll<SameEach<[[typeof SystemStatusSchema, SystemStatus]]>>;
