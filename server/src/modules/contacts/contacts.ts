import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
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

/**
 * Contacts already opened in this process, per keyring (a value opens only with a ring that holds its key), by
 * user, column and sealed text: getUserInfo (every signed-in page) shows them on each call, and an AES-GCM open
 * costs more than the rest of the answer. A changed phone or e-mail is a new sealed text, so an entry never goes
 * stale; only values that opened are kept, and only these two short columns (ID numbers, bank cards and the rest
 * are opened each time they are shown). The values live as long as their keyring, bounded by count.
 */
const openedByRing = new WeakMap<PersonalDataKeys['piiKeys'], LRUCache<string, string>>();

function openedWith(ring: PersonalDataKeys['piiKeys']): LRUCache<string, string> {
  let opened = openedByRing.get(ring);
  if (!opened) {
    opened = new LRUCache<string, string>({ max: 10_000 });
    openedByRing.set(ring, opened);
  }
  return opened;
}

function openContact(
  ctx: { config: PersonalDataKeys; log?: Pick<FastifyBaseLogger, 'warn'> },
  name: 'userPhone' | 'userEmail',
  id: number,
  sealed: string | null,
): string | null {
  if (sealed === null || sealed === '') return null;
  const opened = openedWith(ctx.config.piiKeys);
  const key = `${name}:${id}:${sealed}`;
  const hit = opened.get(key);
  if (hit !== undefined) return hit;
  const plain = openOrNull(ctx, name, id, sealed);
  if (plain !== null) opened.set(key, plain);
  return plain;
}

/** The user's contacts in the clear; a value that does not open counts as none (and is logged without it). */
export function contactsOf(
  ctx: { config: PersonalDataKeys; log?: Pick<FastifyBaseLogger, 'warn'> },
  user: SealedContacts,
): Contacts {
  return {
    phone: openContact(ctx, 'userPhone', user.id, user.phoneEnc),
    email: openContact(ctx, 'userEmail', user.id, user.emailEnc) ?? '',
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
