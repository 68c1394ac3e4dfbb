import { ok, PERMISSIONS, type Permission } from '@loan/domain';
import type { FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { AppContext } from '../context.ts';
import type { App } from '../http.ts';
import { envelope } from '../schemas/envelope.ts';
import { currentOperator, type SignedInOperator } from './ops-session.ts';
import { attachment } from './signed-in-routes.ts';

export interface OpsFile {
  type: string;
  fileName: string;
  asciiName: string;
  body: Buffer;
}

/** Security requirement of the console's routes for operators. */
export const NEEDS_OPS_TOKEN = [{ opsToken: [] }];

interface OpsRouteSpec<B extends TSchema, Q extends TSchema, R extends TSchema> {
  summary: string;
  description?: string;
  body?: B;
  querystring?: Q;
  result: R;
}

type OpsRequest<B extends TSchema, Q extends TSchema> = FastifyRequest<{
  Body: Static<B>;
  Querystring: Static<Q>;
}>;

type OperatorHandler<B extends TSchema, Q extends TSchema, R extends TSchema> = (
  request: OpsRequest<B, Q>,
  operator: SignedInOperator,
) => Promise<Static<R>>;

type OpenHandler<B extends TSchema, Q extends TSchema, R extends TSchema> = (
  request: OpsRequest<B, Q>,
) => Promise<Static<R>>;

/** The line of a route's OpenAPI description that names its permission (the permission walk reads it). */
export function permissionLine(permission: Permission | null): string {
  return permission === null
    ? '所需权限：任一已登录的运营人员'
    : `所需权限：\`${permission}\`（${PERMISSIONS[permission]}）`;
}

/**
 * A module's console routes under `{API_BASE}/ops/…`, documented under `tags`: `operator` routes need a console
 * session and name their permission (null: any operator), `open` routes are the sign-in steps. What a handler
 * returns is answered as `ok(result)`.
 */
export function opsRoutes(app: App, ctx: Pick<AppContext, 'config'>, tags: string[]) {
  const route = <B extends TSchema, Q extends TSchema, R extends TSchema>(
    method: 'GET' | 'POST',
    path: string,
    spec: OpsRouteSpec<B, Q, R>,
    permission: Permission | null | 'open',
    handler: (request: OpsRequest<B, Q>) => Promise<Static<R>>,
  ) => {
    const { summary, description, body, querystring, result } = spec;
    const open = permission === 'open';
    app.route({
      method,
      url: `${ctx.config.apiBase}${path}`,
      config: { ops: open ? { access: 'open' } : { access: 'operator', permission } },
      schema: {
        tags,
        summary,
        description: [description, open ? '登录步骤，无需会话' : permissionLine(permission)]
          .filter(Boolean)
          .join('\n\n'),
        ...(open ? {} : { security: NEEDS_OPS_TOKEN }),
        ...(body && { body }),
        ...(querystring && { querystring }),
        response: { 200: envelope(result) },
      },
      handler: async (request) => ok(await handler(request as OpsRequest<B, Q>)),
    });
  };
  const forOperator =
    (method: 'GET' | 'POST') =>
    <B extends TSchema, Q extends TSchema, R extends TSchema>(
      path: string,
      spec: OpsRouteSpec<B, Q, R> & { permission: Permission | null },
      handler: OperatorHandler<B, Q, R>,
    ) =>
      route(method, path, spec, spec.permission, (request) => handler(request, currentOperator(request)));
  /** A file for an operator: sent as an attachment, never cached (a refusal is the JSON envelope). */
  const file = <Q extends TSchema>(
    path: string,
    spec: { summary: string; description?: string; querystring: Q; permission: Permission | null },
    handler: (request: OpsRequest<TSchema, Q>, operator: SignedInOperator) => Promise<OpsFile>,
  ) => {
    app.get(
      `${ctx.config.apiBase}${path}`,
      {
        config: { ops: { access: 'operator', permission: spec.permission } },
        schema: {
          tags,
          summary: spec.summary,
          description: [spec.description, permissionLine(spec.permission)].filter(Boolean).join('\n\n'),
          security: NEEDS_OPS_TOKEN,
          querystring: spec.querystring,
        },
      },
      async (request, reply) => {
        const out = await handler(request as OpsRequest<TSchema, Q>, currentOperator(request));
        return reply
          .type(out.type)
          .header('content-disposition', attachment(out.fileName, out.asciiName))
          .header('cache-control', 'no-store')
          .send(out.body);
      },
    );
  };
  return {
    file,
    get: forOperator('GET'),
    post: forOperator('POST'),
    open: <B extends TSchema, R extends TSchema>(
      path: string,
      spec: OpsRouteSpec<B, TSchema, R>,
      handler: OpenHandler<B, TSchema, R>,
    ) => route('POST', path, spec, 'open', handler),
  };
}
