import { and, eq, isNull, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sessions, users } from '../src/db/schema.ts';
import { USER_INFO_VIEW } from '../src/modules/users/user-info-view.ts';

const db = drizzle.mock();
const q = db
  .select({
    session: { lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt },
    user: users,
    ...USER_INFO_VIEW.columns,
  })
  .from(sessions)
  .innerJoin(users, eq(users.id, sessions.userId))
  .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
  .limit(1);
console.log(q.toSQL().sql);
