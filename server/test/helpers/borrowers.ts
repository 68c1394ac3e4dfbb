import type { Database } from '../../src/db/client.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { insertUser, type PersonalDataKeys } from '../../src/modules/contacts/contacts.ts';

/** A further ready borrower (password already changed) for tests that need a second user. */
export async function addBorrower(
  db: Database,
  keys: PersonalDataKeys,
  loginId: string,
  password: string,
  now: Date,
): Promise<number> {
  const row = await insertUser(
    db,
    keys,
    {
      loginId,
      passwordHash: await hashPassword(password),
      userNameCn: '王其',
      uptPwdTime: now,
      createdAt: now,
    },
    { phone: null, email: `${loginId}@example.com` },
  );
  if (!row) throw new Error('user not inserted');
  return row.id;
}
