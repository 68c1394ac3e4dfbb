import type { LoginResult } from '@loan/domain';
import { RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { directLoginNonces, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT } from '../audit/record.ts';
import { verifyDirectLoginTicket } from './direct-ticket.ts';
import { issueLogin } from './issue-login.ts';
import { normalizeLoginId } from './lockout.ts';

/** Password-free login with a partner's ticket: good signature, not expired, known user, nonce unused. */
export async function directLogin(ctx: AppContext, ticket: string, meta: RequestMeta): Promise<LoginResult> {
  const now = ctx.now();
  const claims = verifyDirectLoginTicket(ctx.config.directLoginSecret, ticket, now);
  if (!claims) throw new ApiError(RSP.BAD_TICKET);
  const loginId = normalizeLoginId(claims.loginId);
  const [user] = await ctx.db.select().from(users).where(eq(users.loginId, loginId)).limit(1);
  if (!user) throw new ApiError(RSP.BAD_TICKET);
  const [fresh] = await ctx.db
    .insert(directLoginNonces)
    .values({ nonce: claims.nonce, loginId, usedAt: now, expiresAt: new Date(claims.exp * 1000) })
    .onConflictDoNothing()
    .returning({ nonce: directLoginNonces.nonce });
  if (!fresh) throw new ApiError(RSP.BAD_TICKET);
  return issueLogin(ctx, user, meta, AUDIT.directLogin);
}
