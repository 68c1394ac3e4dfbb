import { OPS_API } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { opsRoutes } from '../../plugins/ops-routes.ts';
import { SystemStatusSchema } from '../../schemas/ops-system-status.ts';
import { type SystemJobs, systemStatus } from './system-status.ts';

/** 系统状态: the background queues, partner calls, notices, database and server, for the administrators. */
export function opsSystemStatusRoutes(app: App, ctx: AppContext, jobs: SystemJobs): void {
  const ops = opsRoutes(app, ctx, ['运营后台：系统状态']);
  ops.get(
    OPS_API.systemStatus,
    {
      summary: '系统状态：后台任务、合作方调用、消息发送、数据库与本服务器',
      description:
        '后台任务的运行记录来自所有服务器共用的数据库；服务器一项是答复本次请求的那一台。时间均为 ISO 8601（UTC）。',
      permission: 'system.view',
      result: SystemStatusSchema,
    },
    () => systemStatus(app, ctx, jobs),
  );
}
