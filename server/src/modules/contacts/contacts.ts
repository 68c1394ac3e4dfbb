import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema.ts';
import { lookupHash } from '../../lib/lookup-hash.ts';
import { nextRowId } from '../../lib/next-row-id.ts';
import { openOrNull, seal } from '../../lib/sealed-columns.ts';

/**
 * A user's phone and e-mail at rest: sealed (bound to `users:<id>:phone|email`) with a keyed hash beside each
 * for lookups (SMS login, uniqueness). Nothing else reads or writes those four columns.
 */
export type PersonalDataKeys = Pick<Config, 'piiKeys' | 'storeTokenKeys' | 'piiLookupKey'>;

export interface Contacts {
  /** null: none, or unreadable */
  phone: string | null;
  /** '' when none, or unreadable */
  email: string;
}

type SealedContacts = Pick<UserRow, 'id' | 'phoneEnc' | 'emailEnc'>;

/** The user's contacts in the clear; a value that does not open counts as none (and is logged without it). */
export function contactsOf(
  ctx: { config: PersonalDataKeys; log?: Pick<FastifyBaseLogger, 'warn'> },
  user: SealedContacts,
): Contacts {
  return {
    phone: openOrNull(ctx, 'userPhone', user.id, user.phoneEnc),
    email: openOrNull(ctx, 'userEmail', user.id, user.emailEnc) ?? '',
  };
}

export const phoneHashOf = (keys: PersonalDataKeys, phone: string) =>
  lookupHash(keys.piiLookupKey, 'phone', phone);
export const emailHashOf = (keys: PersonalDataKeys, email: string) =>
  lookupHash(keys.piiLookupKey, 'email', email);

/** The columns that store a new phone and/or e-mail of user `id` (a key left out is left as it is). */
export function contactColumns(
  keys: PersonalDataKeys,
  id: number,
  contacts: { phone?: string | null; email?: string | null },
): Partial<Pick<UserRow, 'phoneEnc' | 'phoneHash' | 'emailEnc' | 'emailHash'>> {
  const { phone, email } = contacts;
  return {
    ...(phone === undefined
      ? {}
      : phone
        ? { phoneEnc: seal(keys, 'userPhone', id, phone), phoneHash: phoneHashOf(keys, phone) }
        : { phoneEnc: null, phoneHash: null }),
    ...(email === undefined
      ? {}
      : email
        ? { emailEnc: seal(keys, 'userEmail', id, email), emailHash: emailHashOf(keys, email) }
        : { emailEnc: null, emailHash: null }),
  };
}

export async function userByPhone(
  db: Database,
  keys: PersonalDataKeys,
  phone: string,
): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.phoneHash, phoneHashOf(keys, phone)))
    .limit(1);
  return user ?? null;
}

type NewUser = typeof users.$inferInsert;

/**
 * Inserts a user with its contacts sealed. The binding needs the row id before the row exists: the id is drawn
 * from the table's sequence first (`nextval`), then the row is inserted with it, in one statement each and no
 * transaction needed (a drawn id is never handed out twice). Null when the login id is taken.
 */
export async function insertUser(
  db: Database,
  keys: PersonalDataKeys,
  values: Omit<NewUser, 'id' | 'phoneEnc' | 'phoneHash' | 'emailEnc' | 'emailHash'>,
  contacts: { phone: string | null; email: string | null },
): Promise<UserRow | null> {
  const id = await nextRowId(db, 'users');
  const [row] = await db
    .insert(users)
    .values({ ...values, id, ...contactColumns(keys, id, contacts) })
    .onConflictDoNothing({ target: users.loginId })
    .returning();
  return row ?? null;
}
