import { type Config, ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { type OpenedDatabase, openAndMigrate } from '../start.ts';

/**
 * Runs an operator command against the configured database (PGlite in DATA_DIR, or DATABASE_URL).
 * With the embedded database, a running server holds the data directory: the user is told to stop it.
 */
export async function withDatabase(
  run: (database: OpenedDatabase, config: Config) => Promise<number>,
): Promise<never> {
  let code = 1;
  try {
    const config = loadConfig(process.env);
    const database = await openAndMigrate(config, { seedIfEmpty: false });
    try {
      code = await run(database, config);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `\n${error.message}\n运维命令需要独占内嵌数据库：请先停止服务器再运行。/ Stop the server first.\n`,
      );
    } else if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    code = 1;
  }
  process.exit(code);
}
