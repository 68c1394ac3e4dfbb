import type { Database } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/lib/passwords.ts';

/** A further ready borrower (password already changed) for tests that need a second user. */
export async function addBorrower(
  db: Database,
  loginId: string,
  password: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      loginId,
      passwordHash: await hashPassword(password),
      userNameCn: '王其',
      email: `${loginId}@example.com`,
      uptPwdTime: now,
      createdAt: now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user not inserted');
  return row.id;
}
