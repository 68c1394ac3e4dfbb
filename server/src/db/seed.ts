import { count, inArray } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.ts';
import { insertUser, type PersonalDataKeys } from '../modules/contacts/contacts.ts';
import { seedDemoCoupons } from '../modules/coupons/demo.ts';
import type { Database } from './client.ts';
import { users } from './schema.ts';

export interface DemoAccount {
  loginId: string;
  password: string;
  userNameCn: string;
  email: string;
  phone: string;
  assetsCodes: string[];
  /** true: the initial password was already changed */
  passwordChanged: boolean;
  onlyPages: string[] | null;
  note: string;
}

/** The demo accounts of README: one ready borrower, one who never changed the password (the /403 rule). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    loginId: 'demo',
    password: 'Demo1234',
    userNameCn: '张明',
    email: 'demo@example.com',
    phone: '13800000001',
    assetsCodes: ['AC0001'],
    passwordChanged: true,
    onlyPages: null,
    note: '已修改过初始密码的借款人 / borrower who has changed the password',
  },
  {
    loginId: 'newbie',
    password: 'Newbie1234',
    userNameCn: '李新',
    email: 'newbie@example.com',
    phone: '13800000002',
    assetsCodes: [],
    passwordChanged: false,
    onlyPages: [],
    note: '从未修改密码、可访问页面为空（/403 规则）/ never changed the password, empty only-page list',
  },
];

/**
 * Each demo password's hash, made once per process: the passwords are public (README, printed at start) and each
 * account has its own, so a process that seeds again (the API tests, for every file) need not pay argon2's cost
 * again (about a tenth of the server suite's CPU).
 */
const demoHashes = new Map<string, Promise<string>>();

function demoPasswordHash(password: string): Promise<string> {
  let hashed = demoHashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    demoHashes.set(password, hashed);
    hashed.catch(() => demoHashes.delete(password));
  }
  return hashed;
}

/**
 * Idempotent: creates the demo accounts that are missing (demo with its coupons), never touches existing ones.
 * Returns the new ids.
 */
export async function seedDemoAccounts(
  db: Database,
  keys: PersonalDataKeys,
  now: Date = new Date(),
): Promise<string[]> {
  const ids = DEMO_ACCOUNTS.map((a) => a.loginId);
  const existing = await db.select({ loginId: users.loginId }).from(users).where(inArray(users.loginId, ids));
  const have = new Set(existing.map((r) => r.loginId));
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS.filter((a) => !have.has(a.loginId))) {
    const row = await insertUser(
      db,
      keys,
      {
        loginId: account.loginId,
        passwordHash: await demoPasswordHash(account.password),
        userNameCn: account.userNameCn,
        assetsCodes: account.assetsCodes,
        uptPwdTime: account.passwordChanged ? now : null,
        onlyPages: account.onlyPages,
        createdAt: now,
      },
      { phone: account.phone, email: account.email },
    );
    if (!row) continue;
    created.push(row.loginId);
    // the ready demo borrower gets a few coupons of each kind to try the fee page with
    if (row.loginId === 'demo') await seedDemoCoupons(db, row.id, now);
  }
  return created;
}

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}
