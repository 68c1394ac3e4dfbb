import { API, ok, RSP } from '@loan/domain';
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import { pendingMigrations } from '../../db/migration-status.ts';
import type { App } from '../../http.ts';
import { envelope } from '../../schemas/envelope.ts';

/** Set when the process starts to stop (SIGTERM): ready answers 503 from then on, so the balancer moves away. */
export interface Lifecycle {
  draining: boolean;
}

const ReadySchema = Type.Object(
  {
    ready: Type.Boolean(),
    database: Type.Boolean({ description: '数据库可连接' }),
    migrations: Type.Boolean({ description: '本版本的数据库迁移均已执行' }),
    draining: Type.Boolean({ description: '正在停止（收到 SIGTERM）' }),
  },
  { additionalProperties: false },
);

/** How long a readiness probe waits for the database before it says "not ready". */
const DATABASE_PROBE_MS = 2000;

async function databaseState(ctx: AppContext): Promise<{ database: boolean; migrations: boolean }> {
  const probe = (async () => {
    await ctx.db.execute(sql`select 1`);
    return { database: true, migrations: (await pendingMigrations(ctx.db)).length === 0 };
  })();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ database: boolean; migrations: boolean }>((resolve) => {
    timer = setTimeout(() => resolve({ database: false, migrations: false }), DATABASE_PROBE_MS);
  });
  try {
    return await Promise.race([probe, timeout]);
  } catch (error) {
    ctx.log.warn({ err: error }, 'readiness probe: database unreachable');
    return { database: false, migrations: false };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For the load balancer, without a session: `/health` says the process answers; `/health/ready` says it should
 * get traffic (database reachable, this build's migrations applied, not stopping), else HTTP 503.
 */
export function healthRoutes(app: App, ctx: AppContext, lifecycle: Lifecycle): void {
  app.get(
    `${ctx.config.apiBase}${API.health}`,
    {
      schema: {
        tags: ['运维'],
        summary: '存活检查：进程在应答',
        response: { 200: envelope(Type.Object({ alive: Type.Boolean() }, { additionalProperties: false })) },
      },
    },
    async () => ok({ alive: true }),
  );

  app.get(
    `${ctx.config.apiBase}${API.healthReady}`,
    {
      schema: {
        tags: ['运维'],
        summary: '就绪检查：数据库可用、迁移已执行、未在停止；否则 HTTP 503',
        response: { 200: envelope(ReadySchema), 503: envelope(ReadySchema) },
      },
    },
    async (_request, reply) => {
      const draining = lifecycle.draining;
      const state = draining ? { database: false, migrations: false } : await databaseState(ctx);
      const ready = !draining && state.database && state.migrations;
      const result = { ready, ...state, draining };
      if (ready) return ok(result);
      const rspDesc = draining ? '服务正在停止' : state.database ? '数据库迁移尚未执行' : '数据库不可用';
      return reply.code(503).send({ response: { rspCode: RSP.SYSTEM_ERROR, rspDesc }, result });
    },
  );
}
