// `node --import tsx server/test/helpers/prepare-accounts.ts`: the browser suite's accounts in one process (the
// e2e global setup runs it on the suite's data directory). The demo accounts and operators as `npm run seed` makes
// them, then each of PREPARE_ACCOUNTS (JSON: argv lists of `npm run user -- …`) through the operator CLI's own command code.
import { withDatabase } from '../../src/cli/open.ts';
import { runUserCommand } from '../../src/cli/user-commands.ts';
import { seedDemoAccounts } from '../../src/db/seed.ts';
import { seedDemoOperators } from '../../src/db/seed-operators.ts';

const commands = JSON.parse(process.env.PREPARE_ACCOUNTS ?? '[]') as string[][];

await withDatabase(async (database, config) => {
  await seedDemoAccounts(database.db, config);
  await seedDemoOperators(database.db, config);
  for (const argv of commands) {
    await runUserCommand(argv, { db: database.db, config, print: () => undefined });
  }
  return 0;
});
