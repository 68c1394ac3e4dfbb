import type { Server } from 'node:http';
import { buildApp } from './app.ts';
import { startBanner } from './banner.ts';
import { ConfigError, configWarnings, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import type { Lifecycle } from './modules/health/routes.ts';
import { closeOpsListener, startOpsListener } from './plugins/ops-listener.ts';
import { createShutdown } from './shutdown.ts';
import { openAndMigrate } from './start.ts';

/**
 * `npm start`: open (lock), migrate (and outside production seed) the database, then serve portal and API.
 * SIGTERM/SIGINT: /health/ready answers 503, then the listener closes once in-flight requests finish, the
 * background jobs stop and the database closes, all within SHUTDOWN_TIMEOUT_MS; a second signal exits at once.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openAndMigrate(config, { seedIfEmpty: config.environment !== 'production' });
  const lifecycle: Lifecycle = { draining: false };
  const app = await buildApp({ config, db: database.db, startJobs: true, lifecycle });
  for (const warning of configWarnings(config)) app.log.warn(warning);
  if (database.seeded.length)
    app.log.info({ accounts: database.seeded }, '已创建演示账号 / demo accounts seeded');
  const moved = database.movedDocuments;
  if (moved.moved || moved.notHere || moved.altered)
    app.log.info(moved, '本地证件文件已加密移入存储 / plain document files moved into the sealed store');

  const shutdown = createShutdown({
    beginDrain: () => {
      lifecycle.draining = true;
    },
    drainMs: config.shutdownDrainMs,
    timeoutMs: config.shutdownTimeoutMs,
    stages: [
      {
        name: '运营后台监听 / console listener (OPS_PORT)',
        run: () => (opsServer ? closeOpsListener(opsServer) : Promise.resolve()),
      },
      { name: 'HTTP 服务与后台任务 / HTTP server and background jobs (app.close)', run: () => app.close() },
      { name: '数据库 / database (close)', run: () => database.close() },
    ],
    log: (message) => app.log.info(message),
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  let opsServer: Server | null = null;
  try {
    await app.listen({ port: config.port, host: config.host });
    if (config.opsListener) opsServer = await startOpsListener(app, config.opsListener);
  } catch (error) {
    await app.close().catch(() => {});
    await database.close();
    throw error;
  }
  // on the embedded database npm start exposes gc (scripts/server-flags.mjs): once listening, the garbage of the
  // start (migrations, seeding, compiled schemas) goes back to the system instead of waiting for a collection
  (globalThis as { gc?: () => void }).gc?.();
  const where =
    database.kind === 'pglite' ? `PGlite（内嵌 embedded）${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(startBanner(config, where));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error('\n服务器拒绝启动 / the server refuses to start:');
    for (const problem of error.problems) console.error(`  - ${problem}`);
    console.error('');
  } else if (error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(
      `\n端口已被占用，请设置其他 PORT / the port is in use: set another PORT\n${(error as Error).message}\n`,
    );
  } else {
    console.error(error);
  }
  process.exit(1);
});
