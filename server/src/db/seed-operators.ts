import { eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.ts';
import { type AtRestKeys, seal } from '../lib/sealed-columns.ts';
import { seedOpsRoles } from '../modules/ops/roles.ts';
import type { Database } from './client.ts';
import { operatorRoles, operators } from './schema.ts';

export interface DemoOperator {
  loginId: string;
  name: string;
  role: string;
  /** the authenticator's secret (base32), printed so a developer can add it to an app; demo data only */
  totpSecret: string;
}

export const DEMO_OPERATOR_PASSWORD = 'Console2026';

/** One operator per starting role, already enrolled: outside production only, printed by `npm start`. */
export const DEMO_OPERATORS: readonly DemoOperator[] = [
  {
    loginId: 'ops-support',
    name: '客服小陈',
    role: 'support',
    totpSecret: 'LOANDEMOSUPPORTOPSQQQQQQQQQQQQQQ',
  },
  {
    loginId: 'ops-reviewer',
    name: '审核小王',
    role: 'reviewer',
    totpSecret: 'LOANDEMOREVIEWEROPSQQQQQQQQQQQQQ',
  },
  {
    loginId: 'ops-finance',
    name: '财务小李',
    role: 'finance',
    totpSecret: 'LOANDEMOFINANCEOPSQQQQQQQQQQQQQQ',
  },
  {
    loginId: 'ops-risk',
    name: '风控小赵',
    role: 'collections',
    totpSecret: 'LOANDEMORISKOPSQQQQQQQQQQQQQQQQQ',
  },
  { loginId: 'ops-admin', name: '管理员老周', role: 'admin', totpSecret: 'LOANDEMOADMINOPSQQQQQQQQQQQQQQQQ' },
];

/** Idempotent: the demo operators that are missing, enrolled with their printed secrets. Returns the new ids. */
export async function seedDemoOperators(
  db: Database,
  keys: AtRestKeys,
  now: Date = new Date(),
): Promise<string[]> {
  await seedOpsRoles(db, now);
  const existing = await db
    .select({ loginId: operators.loginId })
    .from(operators)
    .where(
      inArray(
        operators.loginId,
        DEMO_OPERATORS.map((o) => o.loginId),
      ),
    );
  const have = new Set(existing.map((r) => r.loginId));
  const created: string[] = [];
  const passwordHash = await hashPassword(DEMO_OPERATOR_PASSWORD);
  for (const demo of DEMO_OPERATORS.filter((o) => !have.has(o.loginId))) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(operators)
        .values({ loginId: demo.loginId, name: demo.name, passwordHash, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: operators.id });
      if (!row) return;
      await tx
        .update(operators)
        .set({ totpSecretEnc: seal(keys, 'operatorTotp', row.id, demo.totpSecret) })
        .where(eq(operators.id, row.id));
      await tx
        .insert(operatorRoles)
        .values({ operatorId: row.id, roleCode: demo.role })
        .onConflictDoNothing();
      created.push(demo.loginId);
    });
  }
  return created;
}
