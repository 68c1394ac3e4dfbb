import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../../config.ts';
import { postgresRefusal } from './backup.ts';
import { BackupRefusal } from './manifest.ts';

/** A path given on the command line, from where npm was run (npm runs the script in server/). */
export const fromCaller = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

type Options = Record<string, { type: 'string' | 'boolean' }>;

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/**
 * Runs `npm run backup` / `npm run restore`: the configuration read from the environment (the embedded database
 * only), the arguments parsed, then `run`. Exit code 0 when done; 1 on a refusal, printed without a stack trace
 * (nothing was changed), or on an unexpected failure (printed whole).
 */
export async function runCommand(
  usage: string,
  options: Options,
  run: (args: Parsed, config: Config) => Promise<void>,
): Promise<never> {
  let code = 1;
  try {
    let args: Parsed;
    try {
      args = parseArgs({ args: process.argv.slice(2), options, allowPositionals: true });
    } catch (error) {
      throw new BackupRefusal(`${(error as Error).message}\n${usage}`);
    }
    if (args.values.help) {
      console.log(usage);
      process.exit(0);
    }
    const config = loadConfig(process.env);
    if (config.databaseUrl) throw postgresRefusal();
    await run(args, config);
    code = 0;
  } catch (error) {
    if (error instanceof BackupRefusal || error instanceof ConfigError) console.error(`\n${error.message}\n`);
    else console.error(error);
  }
  process.exit(code);
}
