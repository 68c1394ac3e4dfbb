// `npm run seed -w server`: the demo accounts and the console's demo operators (idempotent).
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../db/seed.ts';
import { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS, seedDemoOperators } from '../db/seed-operators.ts';
import { withDatabase } from './open.ts';

await withDatabase(async (database, config) => {
  if (config.environment === 'production') {
    console.error('生产环境不创建演示账号 / demo accounts are never created in production');
    return 1;
  }
  const created = await seedDemoAccounts(database.db, config);
  for (const account of DEMO_ACCOUNTS) {
    const state = created.includes(account.loginId) ? '已创建 created' : '已存在 exists';
    console.log(`${account.loginId} / ${account.password}  ${state}`);
  }
  const operatorsCreated = await seedDemoOperators(database.db, config);
  for (const operator of DEMO_OPERATORS) {
    const state = operatorsCreated.includes(operator.loginId) ? '已创建 created' : '已存在 exists';
    console.log(
      `运营 ${operator.loginId} / ${DEMO_OPERATOR_PASSWORD}  TOTP ${operator.totpSecret}  ${state}`,
    );
  }
  return 0;
});
