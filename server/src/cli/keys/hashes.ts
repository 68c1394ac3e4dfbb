import { and, asc, eq, gt, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import {
  contactsOf,
  emailHashOf,
  type PersonalDataKeys,
  phoneHashOf,
} from '../../modules/contacts/contacts.ts';

/**
 * Recomputes the phone and e-mail lookup hashes under the current PII_LOOKUP_KEY: after that key changes, the
 * stored hashes no longer match what SMS login and the uniqueness checks compute, until this has run. Batches by
 * user id; only rows whose hashes differ are written (a second run writes nothing). A contact that does not open
 * is counted, not touched.
 */
export interface HashReport {
  recomputed: number;
  unreadable: number[];
}

export async function recomputeLookupHashes(
  db: Database,
  keys: PersonalDataKeys,
  batchSize: number,
): Promise<HashReport> {
  const report: HashReport = { recomputed: 0, unreadable: [] };
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(users)
      .where(and(gt(users.id, after), or(isNotNull(users.phoneEnc), isNotNull(users.emailEnc))))
      .orderBy(asc(users.id))
      .limit(batchSize);
    if (rows.length === 0) return report;
    for (const user of rows) {
      const contacts = contactsOf({ config: keys }, user);
      if ((user.phoneEnc && contacts.phone === null) || (user.emailEnc && !contacts.email)) {
        report.unreadable.push(user.id);
        continue;
      }
      const phoneHash = contacts.phone ? phoneHashOf(keys, contacts.phone) : null;
      const emailHash = contacts.email ? emailHashOf(keys, contacts.email) : null;
      if (phoneHash === user.phoneHash && emailHash === user.emailHash) continue;
      const updated = await db
        .update(users)
        .set({ phoneHash, emailHash })
        .where(
          and(
            eq(users.id, user.id),
            user.phoneEnc ? eq(users.phoneEnc, user.phoneEnc) : undefined,
            user.emailEnc ? eq(users.emailEnc, user.emailEnc) : undefined,
          ),
        )
        .returning({ id: users.id });
      report.recomputed += updated.length;
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
}
