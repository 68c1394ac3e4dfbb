// `npm run user -w server -- <command>`: operator commands (see USAGE).
import { loadConfig } from '../config.ts';
import { withDatabase } from './open.ts';
import { CommandError, parseCommand, runUserCommand, USAGE } from './user-commands.ts';

const argv = process.argv.slice(2);
const print = (line: string) => console.log(line);

function fail(error: unknown): number {
  if (error instanceof CommandError || (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
    const message = (error as Error).message;
    console.error(message === USAGE ? message : `${message}\n\n${USAGE}`);
    return 1;
  }
  throw error;
}

let needsDb = true;
try {
  needsDb = parseCommand(argv).command.needsDb;
} catch (error) {
  process.exit(fail(error));
}

if (!needsDb) {
  try {
    await runUserCommand(argv, { db: null, config: loadConfig(process.env), print });
    process.exit(0);
  } catch (error) {
    process.exit(fail(error));
  }
}

await withDatabase(async (database, config) => {
  try {
    await runUserCommand(argv, { db: database.db, config, print });
    return 0;
  } catch (error) {
    return fail(error);
  }
});
