import { ACCESS_TOKEN_HEADER, RSP } from '@loan/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext, RequestMeta } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import type { App } from '../http.ts';
import { ApiError } from '../lib/api-error.ts';
import {
  type ActiveSession,
  findSession,
  type SessionView,
  sessionLifetimes,
} from '../modules/auth/sessions.ts';
import { UnauthorizedError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'user': the call needs a valid session (`accessToken` header) */
    auth?: 'user';
    /** may be called by a user who has not yet changed the initial password */
    beforePasswordChange?: boolean;
    /** counted by the per-IP limit on sign-in and code calls */
    authRateLimit?: boolean;
    /** what the route reads in the session's own statement (request.session.extras) */
    sessionView?: SessionView;
  }
  interface FastifyRequest {
    session: ActiveSession | null;
  }
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;
const HEADER = ACCESS_TOKEN_HEADER.toLowerCase();

/**
 * Sessions: a route with `config.auth = 'user'` needs a live session, else HTTP 401 / 4010.
 * A disabled account gets 2011; one that must change its password gets 2005 except on the calls
 * marked `beforePasswordChange`.
 */
export function registerSession(app: App, ctx: AppContext): void {
  app.decorateRequest('session', null);
  const lifetimes = sessionLifetimes(ctx.config);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.auth !== 'user') return;
    const token = request.headers[HEADER];
    if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) throw new UnauthorizedError();
    const session = await findSession(
      ctx.db,
      token,
      ctx.now(),
      lifetimes,
      config.sessionView,
      ctx.sessionCache,
    );
    if (!session) throw new UnauthorizedError();
    if (session.user.disabled) throw new ApiError(RSP.ACCOUNT_DISABLED);
    if (session.user.uptPwdTime === null && !config.beforePasswordChange) {
      throw new ApiError(RSP.MUST_CHANGE_PASSWORD);
    }
    request.session = session;
  });
}

/** The session of an authenticated route (set by the hook above). */
export function currentSession(request: FastifyRequest): ActiveSession {
  if (!request.session) throw new Error('route is missing config.auth');
  return request.session;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/**
 * The user of an open route (no `config.auth`) when the request carries a live session, else null: a missing,
 * expired or malformed token, a disabled account or one that must still change its password all read as
 * "not signed in" (never a 401 on an open route).
 */
export async function optionalSession(request: FastifyRequest, ctx: AppContext): Promise<UserRow | null> {
  if (request.session) return request.session.user;
  const token = request.headers[HEADER];
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
  const session = await findSession(
    ctx.db,
    token,
    ctx.now(),
    sessionLifetimes(ctx.config),
    undefined,
    ctx.sessionCache,
  );
  if (!session || session.user.disabled || session.user.uptPwdTime === null) return null;
  return session.user;
}
