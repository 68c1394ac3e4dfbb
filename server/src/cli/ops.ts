// `npm run ops -- create-admin --login <id> --name <name>`: the first administrator of the operator console;
// `npm run ops -- role-scope <role> <all|BANK,…>`: a role's data scope (数据范围).

import { CommandError } from './commands/shared.ts';
import { withDatabase } from './open.ts';
import { OPS_USAGE, runOpsCommand } from './ops-commands.ts';

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help')) {
  console.log(OPS_USAGE);
  process.exit(argv.length === 0 ? 1 : 0);
}

await withDatabase(async (database) => {
  try {
    await runOpsCommand(argv, { db: database.db, print: (line) => console.log(line) });
    return 0;
  } catch (error) {
    if (
      error instanceof CommandError ||
      (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error((error as Error).message);
      return 1;
    }
    throw error;
  }
});
