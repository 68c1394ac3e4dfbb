import type { Readable } from 'node:stream';
import { ok } from '@loan/domain';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { type App, NEEDS_TOKEN } from '../http.ts';
import { envelope } from '../schemas/envelope.ts';
import { currentSession } from './session.ts';

interface UserRouteSpec<B extends TSchema, Q extends TSchema, R extends TSchema> {
  /** the OpenAPI tags, when not those of the module's routes */
  tags?: string[];
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
  spec: UserRouteSpec<B, Q, R> & { tags: string[] },
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

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachment(fileName: string, asciiName: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A file answered to a signed-in user: its content type, its name with an ASCII fallback, its content. */
export interface UserFile {
  type: string;
  fileName: string;
  asciiName: string;
  body: Buffer | Readable;
}

interface UserFileSpec<Q extends TSchema> {
  /** the OpenAPI tags, when not those of the module's routes */
  tags?: string[];
  summary: string;
  description: string;
  querystring: Q;
}

type AddFileRoute = <Q extends TSchema>(
  path: string,
  spec: UserFileSpec<Q>,
  handler: (request: UserRequest<TSchema, Q>, user: UserRow) => Promise<UserFile>,
) => void;

function addFileRoute<Q extends TSchema>(
  app: App,
  url: string,
  spec: UserFileSpec<Q> & { tags: string[] },
  handler: (request: UserRequest<TSchema, Q>, user: UserRow) => Promise<UserFile>,
): void {
  const { tags, summary, description, querystring } = spec;
  app.get(
    url,
    { config: { auth: 'user' }, schema: { tags, summary, description, security: NEEDS_TOKEN, querystring } },
    async (request, reply) => {
      const file = await handler(request as UserRequest<TSchema, Q>, currentSession(request).user);
      return reply
        .type(file.type)
        .header('content-disposition', attachment(file.fileName, file.asciiName))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}

/**
 * A module's routes of a signed-in user under the API base, documented under `tags` (the accessToken header
 * noted): each handler gets the request and the session's user, and what it returns is answered as `ok(result)`;
 * a file route's handler returns the file, sent as an attachment never cached (a refusal is the JSON envelope).
 */
export function signedInRoutes(
  app: App,
  ctx: Pick<AppContext, 'config'>,
  tags: string[],
): { get: AddRoute; post: AddRoute; file: AddFileRoute } {
  const add =
    (method: 'GET' | 'POST'): AddRoute =>
    (path, spec, handler) =>
      addUserRoute(app, method, `${ctx.config.apiBase}${path}`, { tags, ...spec }, handler);
  const file: AddFileRoute = (path, spec, handler) =>
    addFileRoute(app, `${ctx.config.apiBase}${path}`, { tags, ...spec }, handler);
  return { get: add('GET'), post: add('POST'), file };
}
