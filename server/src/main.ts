import { buildApp } from './app.ts';
import { startBanner } from './banner.ts';
import { ConfigError, configWarnings, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { openAndMigrate } from './start.ts';

/** `npm start`: open (lock), migrate and seed the database, then serve portal and API. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openAndMigrate(config, { seedIfEmpty: true });
  const app = await buildApp({ config, db: database.db, startJobs: true });
  for (const warning of configWarnings(config)) app.log.warn(warning);
  if (database.seeded.length)
    app.log.info({ accounts: database.seeded }, '已创建演示账号 / demo accounts seeded');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: 正在停止 / shutting down`);
    try {
      await app.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => {});
    await database.close();
    throw error;
  }
  const where =
    database.kind === 'pglite' ? `PGlite（内嵌 embedded）${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(startBanner(config, where));
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) {
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
