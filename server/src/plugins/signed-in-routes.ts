import { ok } from '@loan/domain';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { UserRow } from '../db/schema.ts';
import { type App, NEEDS_TOKEN } from '../http.ts';
import { envelope } from '../schemas/envelope.ts';
import { currentSession } from './session.ts';

interface UserRouteSpec<B extends TSchema, Q extends TSchema, R extends TSchema> {
  tags: string[];
  summary: string;
  description?: string;
  body?: B;
  querystring?: Q;
  /** the schema of `result` in the answer's envelope */
  result: R;
  /** further route config beside the session it always needs (beforePasswordChange, authRateLimit) */
  config?: Omit<FastifyContextConfig, 'auth'>;
}

type UserRequest<B extends TSchema, Q extends TSchema> = FastifyRequest<{
  Body: Static<B>;
  Querystring: Static<Q>;
}>;

type UserHandler<B extends TSchema, Q extends TSchema, R extends TSchema> = (
  request: UserRequest<B, Q>,
  user: UserRow,
) => Promise<Static<R>>;

type AddRoute = <B extends TSchema, Q extends TSchema, R extends TSchema>(
  path: string,
  spec: UserRouteSpec<B, Q, R>,
  handler: UserHandler<B, Q, R>,
) => void;

function addUserRoute<B extends TSchema, Q extends TSchema, R extends TSchema>(
  app: App,
  method: 'GET' | 'POST',
  url: string,
  spec: UserRouteSpec<B, Q, R>,
  handler: UserHandler<B, Q, R>,
): void {
  const { tags, summary, description, body, querystring, result } = spec;
  app.route({
    method,
    url,
    config: { auth: 'user', ...spec.config },
    schema: {
      tags,
      summary,
      ...(description !== undefined && { description }),
      security: NEEDS_TOKEN,
      ...(body && { body }),
      ...(querystring && { querystring }),
      response: { 200: envelope(result) },
    },
    handler: async (request) => ok(await handler(request as UserRequest<B, Q>, currentSession(request).user)),
  });
}

/**
 * Routes of a signed-in user under `base` (the accessToken header, documented as such): each handler gets the
 * request and the session's user, and what it returns is answered as `ok(result)`.
 */
export function signedInRoutes(app: App, base: string): { get: AddRoute; post: AddRoute } {
  return {
    get: (path, spec, handler) => addUserRoute(app, 'GET', `${base}${path}`, spec, handler),
    post: (path, spec, handler) => addUserRoute(app, 'POST', `${base}${path}`, spec, handler),
  };
}
