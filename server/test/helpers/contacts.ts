import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema.ts';
import { type Contacts, contactColumns, contactsOf } from '../../src/modules/contacts/contacts.ts';
import type { TestApp } from './app.ts';

/** Gives a user a phone and/or e-mail as the server stores them (sealed, with their lookup hashes). */
export async function setContacts(
  t: TestApp,
  userId: number,
  contacts: { phone?: string | null; email?: string | null },
): Promise<void> {
  await t.db
    .update(users)
    .set(contactColumns(t.config, userId, contacts))
    .where(eq(users.id, userId));
}

/** A user's phone and e-mail, opened. */
export async function contactsOfUser(t: TestApp, userId: number): Promise<Contacts> {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return contactsOf(t, row);
}
